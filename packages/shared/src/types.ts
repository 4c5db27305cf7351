/** Wire shapes shared by the server and the web app. Ids are opaque strings. */

/** A parameter as doc/save and doc/detail carry it. */
export interface DocParam {
  id?: string;
  name: string;
  type: string;
  required: number;
  maxLength: string;
  example: string;
  description: string;
  enumContent?: string;
  enumId?: string;
  enumInfo?: EnumInfo | null;
  orderIndex: number;
  children: DocParam[];
}

export interface EnumItem {
  id?: string;
  name: string;
  type: string;
  value: string;
  description: string;
}

export interface EnumInfo {
  id?: string;
  name: string;
  description: string;
  items: EnumItem[];
}

export interface ErrorCodeParam {
  code: string;
  msg: string;
  solution: string;
}

export interface DubboInfo {
  interfaceName: string;
  author: string;
  version: string;
  protocol: string;
  dependency: string;
}

/** One of a spec's own examples (OpenAPI `examples`/`example` of a media type): its name, summary and payload as text. */
export interface NamedExample {
  name: string;
  summary: string;
  /** The payload: JSON written with two-space indents, or the text as the spec gives it. */
  value: string;
  /** 'folio' when it was written or edited in Folio (doc/save decides); absent: as the imported spec or push gave it. */
  origin?: 'folio';
}

/** One documented response of a doc: a status with its body, headers and examples (imported from a spec). */
export interface DocResponse {
  /** HTTP status as the spec writes it: 200, 404, 4XX, default. */
  status: string;
  description: string;
  contentType: string;
  /** The body's parameters; empty on the `main` response, whose body is the doc's responseParams. */
  params: DocParam[];
  isArray: number;
  arrayType: string;
  headers: DocParam[];
  examples: NamedExample[];
  /** 1 on the status whose body the doc's responseParams describe. */
  main: number;
  /** Set when this status's body has the main response's schema (Kubernetes' 200/201/202): its params are the doc's. */
  sameAs?: string;
}

/** What a spec says beyond Torna's doc shape (stored with the doc, absent for plain Torna pushes). */
export interface DocSpecExtras {
  /** The request body's own examples, shown before the generated one. */
  requestExamples?: NamedExample[];
  /** Every documented status, in the spec's order. */
  responses?: DocResponse[];
  /** Set on an OpenAPI 3.1 webhook: the event name (an incoming call the API makes, not an endpoint to call). */
  webhook?: string;
  /** A parameter's own named examples, when the spec gives it several (its first is also the param's example). */
  paramExamples?: ParamExamples[];
  /** How each array or object query parameter goes into the URL, as the spec says (the debug console sends it so). */
  paramStyles?: ParamSerialization[];
}

/**
 * A query parameter's serialization (OpenAPI `style`/`explode`; Swagger 2's `collectionFormat`): `form` exploded
 * sends `ids=1&ids=2`, not exploded `ids=1,2`; `spaceDelimited`/`pipeDelimited` join with a space or `|`;
 * `deepObject` sends an object as `filter[name]=x`.
 */
export interface ParamSerialization {
  in: string;
  name: string;
  style: string;
  explode: boolean;
}

/** The named examples of one path, query, header or cookie parameter. */
export interface ParamExamples {
  in: string;
  name: string;
  examples: NamedExample[];
}

/** A doc in the push-payload field names. */
export interface DocDetail extends DocSpecExtras {
  id: string;
  docId: string;
  moduleId: string;
  parentId: string;
  name: string;
  description: string;
  author: string;
  type: number;
  url: string;
  version: string;
  /** What tells this doc apart from others with the same method and URL (a Postman request's folder path and name); '' for most. */
  identityKey: string;
  definition: string;
  httpMethod: string;
  contentType: string;
  isFolder: number;
  isShow: number;
  orderIndex: number;
  status: number;
  deprecated: string;
  isUseGlobalHeaders: number;
  isUseGlobalParams: number;
  isUseGlobalReturns: number;
  isRequestArray: number;
  isResponseArray: number;
  requestArrayType: string;
  responseArrayType: string;
  dubboInfo: DubboInfo | null;
  isLocked: number;
  modifySource: number;
  gmtCreate: string;
  gmtModified: string;
  creatorName: string;
  modifierName: string;
  headerParams: DocParam[];
  pathParams: DocParam[];
  queryParams: DocParam[];
  requestParams: DocParam[];
  responseParams: DocParam[];
  errorCodeParams: ErrorCodeParam[];
}

/** A node of the doc tree (spec section 3). */
export interface TreeNode {
  id: string;
  label: string;
  name: string;
  type: number;
  docId: string;
  parentId: string;
  url: string;
  httpMethod: string;
  isFolder: number;
  apiCount: number;
  docType: number;
  deprecated: string;
  version?: string;
  isLocked?: number;
  status?: number;
  orderIndex?: number;
  /** Set on a webhook doc: its event name (the tree shows it as a webhook, not as an endpoint to call). */
  webhook?: string;
  children: TreeNode[];
}

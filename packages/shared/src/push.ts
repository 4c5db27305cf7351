/**
 * The Torna open-API push payload (DocPushParam, torna-compat §1b/S3), as Folio accepts it.
 * Flags arrive loosely typed ("1", 1, true); the push module normalises them. Importers
 * (OpenAPI, Postman, YAPI) convert their input into this shape and go through the same merge.
 */

/** A loosely typed 0/1 flag as clients send it. */
export type LooseFlag = number | string | boolean | null | undefined;

export interface PushEnumItem {
  name?: string;
  type?: string;
  value?: string;
  description?: string;
}

export interface PushEnumInfo {
  name?: string;
  description?: string;
  items?: PushEnumItem[];
}

export interface PushParam {
  name?: string;
  type?: string;
  required?: LooseFlag;
  maxLength?: string | number;
  example?: string | number | boolean | null;
  description?: string;
  orderIndex?: number | string;
  enumInfo?: PushEnumInfo | null;
  children?: PushParam[];
}

export interface PushErrorCode {
  code?: string | number;
  msg?: string;
  solution?: string;
}

export interface PushDubboInfo {
  interfaceName?: string;
  author?: string;
  version?: string;
  protocol?: string;
  dependency?: string;
}

export interface PushDocItem {
  name?: string;
  description?: string;
  author?: string;
  type?: number | string;
  url?: string;
  version?: string;
  /** Folio's own field (Torna ignores it): tells apart docs sharing method and URL; part of the doc's identity. */
  identityKey?: string;
  definition?: string;
  httpMethod?: string;
  contentType?: string;
  isFolder?: LooseFlag;
  isShow?: LooseFlag;
  orderIndex?: number | string;
  deprecated?: string | boolean | null;
  isRequestArray?: LooseFlag;
  isResponseArray?: LooseFlag;
  requestArrayType?: string;
  responseArrayType?: string;
  dubboInfo?: PushDubboInfo | null;
  headerParams?: PushParam[];
  pathParams?: PushParam[];
  queryParams?: PushParam[];
  requestParams?: PushParam[];
  responseParams?: PushParam[];
  errorCodeParams?: PushErrorCode[];
  items?: PushDocItem[];
  tag?: string;
  /** Folio's own fields (Torna ignores them): a spec's named request examples, every response, the webhook event. */
  requestExamples?: PushExample[];
  responses?: PushResponse[];
  webhook?: string;
  paramExamples?: { in?: string; name?: string; examples?: PushExample[] }[];
  paramStyles?: { in?: string; name?: string; style?: string; explode?: boolean }[];
}

/** A named example as pushed (the value as text, or any JSON value, written as JSON text). */
export interface PushExample {
  name?: string;
  summary?: string;
  value?: unknown;
}

/** One documented response as pushed. */
export interface PushResponse {
  status?: string | number;
  description?: string;
  contentType?: string;
  params?: PushParam[];
  isArray?: LooseFlag;
  arrayType?: string;
  headers?: PushParam[];
  examples?: PushExample[];
  main?: LooseFlag;
  /** The status whose body (the doc's response params) this one shares. */
  sameAs?: string;
}

export interface PushDebugEnv {
  name?: string;
  url?: string;
}

export interface PushPayload {
  apis: PushDocItem[];
  debugEnvs?: PushDebugEnv[];
  author?: string;
  commonErrorCodes?: PushErrorCode[];
  isReplace?: LooseFlag;
  isOverride?: LooseFlag;
}

/** The outcome of a push or import merge. */
export interface PushOutcome {
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  skippedLocked: number;
  folders: number;
  errors: { path: string; message: string }[];
}

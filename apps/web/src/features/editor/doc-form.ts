/** Converts a doc (push field names) to the editor's state and back into a `doc/save` payload. */
import {
  type DocDetail,
  type DocSpecExtras,
  DocStatus,
  DocType,
  deprecationReason,
  type ErrorCodeParam,
  isDeprecated,
  NOT_DEPRECATED,
} from '@folio/shared';
// With its extension: the server's form-save test imports this module (NodeNext resolution) as the browser builds it.
import { type EditParam, fromDocParams, toDocParams } from '../../lib/param-tree.js';

export interface DocFormValues {
  name: string;
  url: string;
  httpMethod: string;
  contentType: string;
  description: string;
  status: number;
  author: string;
  parentId: string;
  deprecatedOn: boolean;
  deprecatedReason: string;
  /** The deprecated text as loaded (no field shows it): a flag without a reason is sent back in its own words. */
  deprecatedLoaded: string;
  isShow: boolean;
  orderIndex: number | null;
  version: string;
  isUseGlobalHeaders: boolean;
  isUseGlobalParams: boolean;
  isUseGlobalReturns: boolean;
  isRequestArray: boolean;
  isResponseArray: boolean;
  requestArrayType: string;
  responseArrayType: string;
  definition: string;
  dubboInterfaceName: string;
  dubboVersion: string;
  dubboProtocol: string;
  dubboAuthor: string;
  dubboDependency: string;
}

export interface DocParamsState {
  headerParams: EditParam[];
  pathParams: EditParam[];
  queryParams: EditParam[];
  requestParams: EditParam[];
  responseParams: EditParam[];
  errorCodeParams: (ErrorCodeParam & { key: string })[];
  /** What the imported spec said beyond the params: sent back as loaded (a copy carries it), minus removed examples. */
  specExtras?: DocSpecExtras;
  /** The codes of the doc as loaded (edited or copied): a response whose code is deleted since goes on save. */
  loadedStatuses: string[];
}

/** A doc's codes (200, 4XX, default, a business code's E1001): each holds the examples stored at its status. */
export const codesOf = (codes: { code: string | number }[]): string[] => codes.map((e) => String(e.code).trim()).filter(Boolean);

/** The loaded codes the error-code table no longer has. */
export const goneStatuses = (p: DocParamsState): string[] => {
  const current = p.errorCodeParams.map((e) => e.code.trim());
  return p.loadedStatuses.filter((s) => !current.includes(s));
};

/**
 * The extras a save sends: without the responses of deleted HTTP-status codes (body, headers and examples go with
 * the code). The server drops them from an edited doc itself; a copy is a new doc to it, with no codes before.
 */
function extrasToSave(p: DocParamsState): DocSpecExtras | undefined {
  const gone = goneStatuses(p);
  const responses = p.specExtras?.responses;
  if (!responses || !gone.length) return p.specExtras;
  return { ...p.specExtras, responses: responses.filter((r) => !gone.includes(r.status)) };
}

/** A doc's spec extras, when it has any. */
function extrasOf(d: DocDetail): DocSpecExtras | undefined {
  const x: DocSpecExtras = {
    requestExamples: d.requestExamples ?? [],
    responses: d.responses ?? [],
    paramExamples: d.paramExamples ?? [],
    paramStyles: d.paramStyles ?? [],
    webhook: d.webhook ?? '',
  };
  return x.requestExamples?.length || x.responses?.length || x.paramExamples?.length || x.paramStyles?.length || x.webhook ? x : undefined;
}

let k = 0;

/** Editor state of a new doc of a kind. */
export function emptyDoc(type: number, parentId: string): { values: DocFormValues; params: DocParamsState } {
  return {
    values: {
      name: '',
      url: '',
      httpMethod: 'GET',
      contentType: type === DocType.HTTP ? 'application/json' : '',
      description: '',
      status: DocStatus.DOING,
      author: '',
      parentId,
      deprecatedOn: false,
      deprecatedReason: '',
      deprecatedLoaded: '',
      isShow: true,
      orderIndex: null,
      version: '',
      isUseGlobalHeaders: true,
      isUseGlobalParams: true,
      isUseGlobalReturns: true,
      isRequestArray: false,
      isResponseArray: false,
      requestArrayType: 'object',
      responseArrayType: 'object',
      definition: '',
      dubboInterfaceName: '',
      dubboVersion: '',
      dubboProtocol: 'dubbo',
      dubboAuthor: '',
      dubboDependency: '',
    },
    params: {
      headerParams: [],
      pathParams: [],
      queryParams: [],
      requestParams: [],
      responseParams: [],
      errorCodeParams: [],
      loadedStatuses: [],
    },
  };
}

/** Editor state from a loaded doc; a copy gets a new name and keeps no ids. */
export function docToForm(d: DocDetail, copy = false, copySuffix = ' Copy'): { values: DocFormValues; params: DocParamsState } {
  const dep = isDeprecated(d.deprecated);
  return {
    values: {
      name: copy ? `${d.name}${copySuffix}` : d.name,
      url: d.url ?? '',
      httpMethod: d.httpMethod || 'GET',
      contentType: d.contentType ?? '',
      description: d.description ?? '',
      status: d.status ?? DocStatus.DOING,
      author: d.author ?? '',
      parentId: d.parentId ?? '',
      deprecatedOn: dep,
      // smart-doc's `Deprecated`, an importer's 已废弃: a flag, not a reason to fill the reason field with.
      deprecatedReason: deprecationReason(d.deprecated),
      deprecatedLoaded: d.deprecated ?? '',
      isShow: d.isShow !== 0,
      orderIndex: copy ? null : d.orderIndex,
      version: d.version ?? '',
      isUseGlobalHeaders: d.isUseGlobalHeaders !== 0,
      isUseGlobalParams: d.isUseGlobalParams !== 0,
      isUseGlobalReturns: d.isUseGlobalReturns !== 0,
      isRequestArray: !!d.isRequestArray,
      isResponseArray: !!d.isResponseArray,
      requestArrayType: d.requestArrayType || 'object',
      responseArrayType: d.responseArrayType || 'object',
      definition: d.definition ?? '',
      dubboInterfaceName: d.dubboInfo?.interfaceName ?? '',
      dubboVersion: d.dubboInfo?.version ?? '',
      dubboProtocol: d.dubboInfo?.protocol ?? '',
      dubboAuthor: d.dubboInfo?.author ?? '',
      dubboDependency: d.dubboInfo?.dependency ?? '',
    },
    params: {
      headerParams: fromDocParams(d.headerParams),
      pathParams: fromDocParams(d.pathParams),
      queryParams: fromDocParams(d.queryParams),
      requestParams: fromDocParams(d.requestParams),
      responseParams: fromDocParams(d.responseParams),
      errorCodeParams: (d.errorCodeParams ?? []).map((e) => ({ ...e, key: `e${k++}` })),
      specExtras: extrasOf(d),
      loadedStatuses: codesOf(d.errorCodeParams ?? []),
    },
  };
}

/** A deprecation without a reason: the loaded text when it was one (smart-doc's `Deprecated`, 已废弃), else 'true'. */
const flagOnly = (loaded: string | undefined) => (loaded && isDeprecated(loaded) && !deprecationReason(loaded) ? loaded : 'true');

/** The `doc/save` payload. `id` empty creates a doc (new or copy). */
export function formToPayload(opts: { id?: string; moduleId: string; type: number; values: DocFormValues; params: DocParamsState }) {
  const { id, moduleId, type, values: v, params: p } = opts;
  const asNew = !id;
  const base = {
    ...(id ? { id } : {}),
    moduleId,
    parentId: v.parentId || '',
    name: v.name.trim(),
    type,
    description: v.description ?? '',
    author: v.author?.trim() ?? '',
    status: v.status,
    isShow: v.isShow ? 1 : 0,
    version: v.version?.trim() ?? '',
    deprecated: v.deprecatedOn ? v.deprecatedReason.trim() || flagOnly(v.deprecatedLoaded) : NOT_DEPRECATED,
    ...(v.orderIndex !== null && v.orderIndex !== undefined ? { orderIndex: v.orderIndex } : {}),
  };
  if (type === DocType.CUSTOM || type === DocType.MARKDOWN) return base;
  const lists = {
    headerParams: toDocParams(p.headerParams, asNew),
    pathParams: toDocParams(p.pathParams, asNew),
    queryParams: toDocParams(p.queryParams, asNew),
    requestParams: toDocParams(p.requestParams, asNew),
    responseParams: toDocParams(p.responseParams, asNew),
    errorCodeParams: p.errorCodeParams.filter((e) => e.code.trim()).map(({ key: _k, ...e }) => ({ ...e, code: e.code.trim() })),
  };
  if (type === DocType.DUBBO) {
    return {
      ...base,
      url: v.url.trim(),
      definition: v.definition ?? '',
      dubboInfo: {
        interfaceName: v.dubboInterfaceName.trim(),
        version: v.dubboVersion.trim(),
        protocol: v.dubboProtocol.trim(),
        author: v.dubboAuthor.trim(),
        dependency: v.dubboDependency ?? '',
      },
      ...lists,
      ...(extrasToSave(p) ?? {}),
    };
  }
  return {
    ...base,
    url: v.url.trim(),
    httpMethod: v.httpMethod,
    contentType: v.contentType,
    isUseGlobalHeaders: v.isUseGlobalHeaders ? 1 : 0,
    isUseGlobalParams: v.isUseGlobalParams ? 1 : 0,
    isUseGlobalReturns: v.isUseGlobalReturns ? 1 : 0,
    isRequestArray: v.isRequestArray ? 1 : 0,
    isResponseArray: v.isResponseArray ? 1 : 0,
    requestArrayType: v.requestArrayType || 'object',
    responseArrayType: v.responseArrayType || 'object',
    ...lists,
    ...(extrasToSave(p) ?? {}),
  };
}

/** Path params named in a URL like `/users/{id}` that the path table lacks. */
export function missingPathParams(url: string, pathParams: EditParam[]): string[] {
  const names = [...url.matchAll(/\{([A-Za-z0-9_-]+)\}/g)].map((m) => m[1]);
  const have = new Set(pathParams.map((p) => p.name));
  return [...new Set(names)].filter((n) => !have.has(n));
}

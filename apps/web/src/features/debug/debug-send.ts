/**
 * The debug console's request: the first form from the doc, and one send (pre-request scripts in a worker,
 * the cookie jar when going through the proxy, the request, after-response scripts), returning what to show.
 */
import type { DocDetail, DocParam } from '@folio/shared';
import type { TFunction } from 'i18next';
import { getToken } from '../../lib/api';
import { readLocal, writeLocal } from '../../lib/storage';
import { jsonBodyText } from '../doc-view/examples';
import type { DebugContext } from './debug-api';
import {
  type BodyType,
  bodyTypeOf,
  buildUrl,
  cookieHeader,
  type DebugResponse,
  type DraftRequest,
  FormatError,
  fromScriptReq,
  mergeSetCookies,
  ProxyError,
  type Row,
  rowsFromParams,
  rowsObject,
  sendRequest,
  toScriptReq,
  viewOf,
} from './debug-request';
import { runInWorker } from './run-in-worker';

/** A pre-request script failed: its message is shown as it is. */
class ScriptFailure extends Error {}

/** Rows of an environment's headers or params (marked so a switch of environment replaces them). */
export const envRows = (params: DocParam[] | undefined): Row[] => rowsFromParams(params).map((r) => ({ ...r, origin: 'env' as const }));

/** What the console edits: the request before variables and scripts. */
export interface DebugForm {
  method: string;
  path: string;
  pathRows: Row[];
  queryRows: Row[];
  headerRows: Row[];
  bodyType: BodyType;
  bodyText: string;
  bodyRows: Row[];
}

/** The console's first request, from the doc and the application's common params. */
export function initialForm(doc: DocDetail & { globalHeaders?: DocParam[]; globalParams?: DocParam[] }, ctx: DebugContext): DebugForm {
  const method = (doc.httpMethod || 'GET').toUpperCase();
  const bodyType = bodyTypeOf(doc.contentType, method);
  const commonHeaders = doc.isUseGlobalHeaders ? ctx.commonHeaders : [];
  const commonParams = doc.isUseGlobalParams ? ctx.commonParams : [];
  return {
    method,
    path: doc.url || '/',
    pathRows: rowsFromParams(doc.pathParams),
    queryRows: [
      ...rowsFromParams(commonParams),
      ...rowsFromParams(
        doc.queryParams,
        (doc.paramStyles ?? []).filter((s) => s.in === 'query'),
      ),
    ],
    headerRows: [...rowsFromParams(commonHeaders), ...rowsFromParams(doc.headerParams)],
    bodyType,
    bodyText: bodyType === 'json' ? jsonBodyText(doc) : '',
    bodyRows: bodyType === 'form' || bodyType === 'multipart' ? rowsFromParams(doc.requestParams) : [],
  };
}

/** The enabled scripts of a kind (0 pre-request, 1 after-response), the narrowest scope first. */
const enabledScripts = (scripts: DebugContext['scripts'], type: number) =>
  scripts.filter((s) => s.enabled && s.type === type).sort((a, b) => b.scope - a.scope);

/** What a send shows: the response (also when an after-response script failed), the scripts' logs, an error and a hint. */
export interface DebugOutcome {
  response: DebugResponse | null;
  logs: string[];
  error: string;
  hint: string;
}

/** Sends the console's request once; never throws (failures come back as the error to show). */
export async function runDebugSend(o: {
  form: DebugForm;
  baseUrl: string;
  scripts: DebugContext['scripts'];
  viaProxy: boolean;
  follow: boolean;
  docId: string;
  grant: string;
  varsKey: string;
  jarKey: string;
  signal: AbortSignal;
  t: TFunction;
}): Promise<DebugOutcome> {
  const { form, baseUrl, scripts, viaProxy, follow, docId, grant, varsKey, jarKey, signal, t } = o;
  const allLogs: string[] = [];
  let response: DebugResponse | null = null;
  let error = '';
  let hint = '';
  let vars = readLocal<Record<string, string>>(varsKey, {});
  try {
    let draft: DraftRequest = {
      method: form.method,
      url: buildUrl(baseUrl, form.path, form.pathRows, form.queryRows, vars),
      headers: rowsObject(form.headerRows, vars),
      bodyType: form.bodyType,
      bodyText: form.bodyText,
      bodyRows: form.bodyRows,
    };
    for (const s of enabledScripts(scripts, 0)) {
      const out = await runInWorker(s.content, { req: toScriptReq(draft, vars), vars });
      allLogs.push(...out.logs);
      if (out.error) throw new ScriptFailure(t('debug.scriptError', { 0: `${s.name}: ${out.error}` }));
      vars = out.vars;
      draft = fromScriptReq(out.req, draft);
    }
    const jar = readLocal<Record<string, string>>(jarKey, {});
    if (viaProxy && Object.keys(jar).length) {
      const existing = Object.entries(draft.headers).find(([k]) => k.toLowerCase() === 'cookie');
      if (existing) delete draft.headers[existing[0]];
      draft.headers.Cookie = cookieHeader(jar, existing?.[1] ?? '');
    }
    const res = await sendRequest(draft, { viaProxy, docId, token: getToken(), grant, followRedirects: follow, signal }, vars);
    if (viaProxy) writeLocal(jarKey, mergeSetCookies(jar, res.headers['set-cookie']));
    const after = enabledScripts(scripts, 1);
    if (after.length) {
      const view = viewOf(res);
      let resp = { status: res.status, data: view.kind === 'json' ? view.data : view.text, headers: res.headers };
      for (const s of after) {
        const out = await runInWorker(s.content, { req: toScriptReq(draft, vars), resp, vars });
        allLogs.push(...out.logs);
        if (out.error) {
          error = t('debug.scriptError', { 0: `${s.name}: ${out.error}` });
          break;
        }
        vars = out.vars;
        if (out.resp) resp = out.resp;
      }
    }
    writeLocal(varsKey, vars);
    response = res;
  } catch (e) {
    if (e instanceof FormatError) error = t('debug.formatError');
    else if (e instanceof ProxyError) error = e.slug === 'outbound_refused' ? t('debug.refused', { 0: e.message }) : e.message;
    else if (e instanceof ScriptFailure) error = e.message;
    else {
      console.error('[folio debug] send failed', e);
      // A direct call the browser refused (CORS, mixed content, unreachable): the proxy usually helps.
      error = t('debug.sendFailed');
      hint = !viaProxy && e instanceof TypeError ? t('debug.corsHint') : '';
    }
  }
  return { response, logs: allLogs, error, hint };
}

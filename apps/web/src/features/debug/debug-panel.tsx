/**
 * The debug console of a doc (management, preview, and share/compose views that allow debugging): pick an
 * environment (its headers and params, and the application's common ones where the doc uses them, are
 * pre-filled), edit path/query/headers/body pre-filled from the doc, run pre-request scripts, send straight
 * from the browser or through Folio's proxy (a switch remembered per application), run after-response
 * scripts, and read the response.
 */
import { SendOutlined } from '@ant-design/icons';
import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import type { DocDetail, DocParam } from '@folio/shared';
import { HTTP_METHODS, REQUEST_TIMEOUT_MS } from '@folio/shared';
import CodeMirror from '@uiw/react-codemirror';
import { Alert, Button, Empty, Input, Radio, Select, Skeleton, Space, Switch, Tabs, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../lib/api';
import { readLocal, writeLocal } from '../../lib/storage';
import type { DocViewSource, ViewDoc } from '../doc-view/doc-source';
import { jsonBodyText } from '../doc-view/examples';
import { type DebugContext, grantOfSource, saveDebugProps, useDebugContext } from './debug-api';
import { withAuthRows } from './debug-auth';
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
import { KvTable } from './kv-table';
import { ResponseView } from './response-view';
import { runInWorker } from './run-in-worker';
import { ScriptsTab } from './scripts-tab';

type Source = DocViewSource | { kind: string; grant?: string; shareId?: string; showId?: string };

/** A pre-request script failed: its message is shown as it is. */
class ScriptFailure extends Error {}

const envRows = (params: DocParam[] | undefined): Row[] => rowsFromParams(params).map((r) => ({ ...r, origin: 'env' as const }));

interface Form {
  method: string;
  path: string;
  pathRows: Row[];
  queryRows: Row[];
  headerRows: Row[];
  bodyType: BodyType;
  bodyText: string;
  bodyRows: Row[];
}

function initialForm(doc: DocDetail & { globalHeaders?: DocParam[]; globalParams?: DocParam[] }, ctx: DebugContext): Form {
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

export function DebugPanel({ doc, source }: { doc: DocDetail; source?: unknown }) {
  const { t } = useTranslation();
  const src = (source ?? { kind: 'user' }) as Source;
  const grant = grantOfSource(src as DocViewSource);
  const q = useDebugContext(doc.id, grant);
  if (q.isLoading) return <Skeleton active />;
  if (q.error || !q.data) return <Alert type="error" showIcon message={(q.error as Error | null)?.message ?? t('debug.sendFailed')} />;
  return <Console key={doc.id} doc={doc} ctx={q.data} grant={grant} />;
}

function Console({ doc, ctx, grant }: { doc: DocDetail; ctx: DebugContext; grant: string }) {
  const { t } = useTranslation();
  const m = ctx.moduleId;
  const envKey = `folio.debug.env.${m}`;
  const proxyKey = `folio.debug.proxy.${m}`;
  const varsKey = `folio.debug.vars.${m}`;
  const jarKey = `folio.debug.cookies.${m}`;
  const [envId, setEnvId] = useState<string>(() => {
    const saved = readLocal<string>(envKey, '') || ctx.debugProps.envId || '';
    return ctx.environments.some((e) => e.id === saved) ? saved : (ctx.environments[0]?.id ?? '');
  });
  const env = ctx.environments.find((e) => e.id === envId);
  const baseUrl = env?.url ?? ctx.gatewayUrl ?? '';
  const [viaProxy, setViaProxy] = useState<boolean>(() => readLocal<boolean | null>(proxyKey, null) ?? ctx.proxy ?? true);
  const [follow, setFollow] = useState(true);
  // The doc's credentials: placeholders, unless the environment (or the doc) already sends them.
  const auth = (doc as ViewDoc).security;
  const [form, setForm] = useState<Form>(() => {
    const f = initialForm(doc, ctx);
    return {
      ...f,
      ...withAuthRows(auth, [...envRows(env?.headers), ...f.headerRows], [...envRows(env?.params), ...f.queryRows]),
    };
  });
  const [sending, setSending] = useState(false);
  const [response, setResponse] = useState<DebugResponse | null>(null);
  const [logs, setLogs] = useState<string[]>([]);
  const [error, setError] = useState<string>('');
  const [hint, setHint] = useState<string>('');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const patch = (p: Partial<Form>) => setForm((f) => ({ ...f, ...p }));
  const pickEnv = (id: string) => {
    setEnvId(id);
    writeLocal(envKey, id);
    if (ctx.asUser) void saveDebugProps(m, { props: { envId: id } });
    const next = ctx.environments.find((e) => e.id === id);
    setForm((f) => ({
      ...f,
      ...withAuthRows(
        auth,
        [...envRows(next?.headers), ...f.headerRows.filter((r) => r.origin !== 'env')],
        [...envRows(next?.params), ...f.queryRows.filter((r) => r.origin !== 'env')],
      ),
    }));
  };
  const toggleProxy = (v: boolean) => {
    setViaProxy(v);
    writeLocal(proxyKey, v);
    if (ctx.asUser) void saveDebugProps(m, { proxy: v });
  };

  const url = useMemo(() => buildUrl(baseUrl, form.path, form.pathRows, form.queryRows, readLocal(varsKey, {})), [baseUrl, form, varsKey]);
  const enabledScripts = (type: number) => ctx.scripts.filter((s) => s.enabled && s.type === type).sort((a, b) => b.scope - a.scope);

  const send = async () => {
    setSending(true);
    setError('');
    setHint('');
    setLogs([]);
    setResponse(null);
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    const timer = setTimeout(() => ctrl.abort(), REQUEST_TIMEOUT_MS);
    const allLogs: string[] = [];
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
      for (const s of enabledScripts(0)) {
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
      const res = await sendRequest(
        draft,
        { viaProxy, docId: doc.id, token: getToken(), grant, followRedirects: follow, signal: ctrl.signal },
        vars,
      );
      if (viaProxy) writeLocal(jarKey, mergeSetCookies(jar, res.headers['set-cookie']));
      const after = enabledScripts(1);
      if (after.length) {
        const view = viewOf(res);
        let resp = { status: res.status, data: view.kind === 'json' ? view.data : view.text, headers: res.headers };
        for (const s of after) {
          const out = await runInWorker(s.content, { req: toScriptReq(draft, vars), resp, vars });
          allLogs.push(...out.logs);
          if (out.error) {
            setError(t('debug.scriptError', { 0: `${s.name}: ${out.error}` }));
            break;
          }
          vars = out.vars;
          if (out.resp) resp = out.resp;
        }
      }
      writeLocal(varsKey, vars);
      setResponse(res);
    } catch (e) {
      if (e instanceof FormatError) setError(t('debug.formatError'));
      else if (e instanceof ProxyError) setError(e.slug === 'outbound_refused' ? t('debug.refused', { 0: e.message }) : e.message);
      else if (e instanceof ScriptFailure) setError(e.message);
      else {
        console.error('[folio debug] send failed', e);
        // A direct call the browser refused (CORS, mixed content, unreachable): the proxy usually helps.
        setError(t('debug.sendFailed'));
        setHint(!viaProxy && e instanceof TypeError ? t('debug.corsHint') : '');
      }
    } finally {
      clearTimeout(timer);
      setLogs(allLogs);
      setSending(false);
    }
  };

  const bodyEditor =
    form.bodyType === 'form' || form.bodyType === 'multipart' ? (
      <KvTable
        rows={form.bodyRows}
        onChange={(bodyRows) => patch({ bodyRows })}
        files={form.bodyType === 'multipart'}
        testId="debug-body-rows"
      />
    ) : form.bodyType === 'none' ? null : (
      <div data-testid="debug-body-text">
        <CodeMirror
          value={form.bodyText}
          height="220px"
          extensions={form.bodyType === 'json' ? [json()] : form.bodyType === 'xml' ? [xml()] : []}
          onChange={(v) => patch({ bodyText: v })}
        />
      </div>
    );

  return (
    <div data-testid="debug-panel">
      <Space wrap style={{ marginBottom: 8 }}>
        {ctx.environments.length ? (
          <Select
            value={envId || undefined}
            onChange={pickEnv}
            style={{ minWidth: 220 }}
            placeholder={t('debug.environment')}
            options={ctx.environments.map((e) => ({ value: e.id, label: `${e.name} (${e.url})` }))}
            data-testid="debug-env"
          />
        ) : (
          <Alert type="warning" showIcon message={ctx.gatewayUrl ? ctx.gatewayUrl : t('debug.noEnvironment')} />
        )}
        <Tooltip title={t('debug.viaProxyTip')}>
          <Space>
            <Switch checked={viaProxy} onChange={toggleProxy} data-testid="debug-proxy" />
            {t('debug.viaProxy')}
          </Space>
        </Tooltip>
        <Space>
          <Switch size="small" checked={follow} onChange={setFollow} />
          {t('debug.followRedirects')}
        </Space>
      </Space>
      <Space.Compact style={{ display: 'flex', marginBottom: 8 }}>
        <Select
          value={form.method}
          onChange={(method) => patch({ method })}
          style={{ width: 110 }}
          options={HTTP_METHODS.map((x) => ({ value: x, label: x }))}
        />
        <Input
          value={form.path}
          onChange={(e) => patch({ path: e.target.value })}
          addonBefore={baseUrl && !/^[a-z]+:\/\//i.test(form.path) ? baseUrl : undefined}
          data-testid="debug-path"
        />
        <Button type="primary" icon={<SendOutlined />} onClick={send} loading={sending} data-testid="debug-send">
          {t('debug.send')}
        </Button>
      </Space.Compact>
      <div style={{ marginBottom: 8, color: '#888', wordBreak: 'break-all' }} data-testid="debug-url">
        {url}
      </div>
      <Tabs
        size="small"
        items={[
          {
            key: 'query',
            label: `${t('debug.tab.params')} (${form.queryRows.length})`,
            children: <KvTable rows={form.queryRows} onChange={(queryRows) => patch({ queryRows })} testId="debug-query" />,
          },
          ...(form.pathRows.length || /[{:]/.test(form.path)
            ? [
                {
                  key: 'path',
                  label: t('debug.tab.path'),
                  children: <KvTable rows={form.pathRows} onChange={(pathRows) => patch({ pathRows })} testId="debug-pathparams" />,
                },
              ]
            : []),
          {
            key: 'headers',
            label: `${t('debug.tab.headers')} (${form.headerRows.length})`,
            children: <KvTable rows={form.headerRows} onChange={(headerRows) => patch({ headerRows })} testId="debug-headers" />,
          },
          {
            key: 'body',
            label: t('debug.tab.body'),
            children: (
              <div>
                <Radio.Group
                  value={form.bodyType}
                  onChange={(e) => patch({ bodyType: e.target.value })}
                  style={{ marginBottom: 8 }}
                  options={[
                    { value: 'none', label: t('debug.body.none') },
                    { value: 'json', label: 'JSON' },
                    { value: 'form', label: 'x-www-form-urlencoded' },
                    { value: 'multipart', label: 'form-data' },
                    { value: 'xml', label: 'XML' },
                    { value: 'text', label: 'Text' },
                  ]}
                />
                {bodyEditor}
              </div>
            ),
          },
          {
            key: 'scripts',
            label: `${t('debug.tab.scripts')} (${ctx.scripts.filter((s) => s.enabled).length})`,
            children: <ScriptsTab ctx={ctx} docId={doc.id} />,
          },
          ...(viaProxy
            ? [
                {
                  key: 'cookies',
                  label: t('debug.tab.cookies'),
                  children: <CookiesTab jarKey={jarKey} varsKey={varsKey} />,
                },
              ]
            : []),
        ]}
      />
      <div style={{ marginTop: 12 }}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} data-testid="debug-error" />}
        {hint && <Alert type="info" showIcon message={hint} style={{ marginBottom: 8 }} data-testid="debug-cors-hint" />}
        {response ? <ResponseView response={response} logs={logs} /> : !error && <Empty description={t('debug.empty')} />}
        {!response && logs.length > 0 && <pre data-testid="debug-script-logs">{logs.join('\n')}</pre>}
      </div>
    </div>
  );
}

function CookiesTab({ jarKey, varsKey }: { jarKey: string; varsKey: string }) {
  const { t } = useTranslation();
  const [, force] = useState(0);
  const jar = readLocal<Record<string, string>>(jarKey, {});
  const vars = readLocal<Record<string, string>>(varsKey, {});
  return (
    <div>
      <Alert type="info" showIcon message={t('debug.cookiesTip')} style={{ marginBottom: 8 }} />
      <pre data-testid="debug-cookies">
        {Object.entries(jar)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n') || '-'}
      </pre>
      <Button
        size="small"
        onClick={() => {
          writeLocal(jarKey, {});
          force((n) => n + 1);
        }}
      >
        {t('debug.clearCookies')}
      </Button>
      <h4 style={{ marginTop: 12 }}>{t('debug.vars')}</h4>
      <pre data-testid="debug-vars">{JSON.stringify(vars, null, 2)}</pre>
    </div>
  );
}

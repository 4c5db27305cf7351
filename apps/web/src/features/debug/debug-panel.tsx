/**
 * The debug console of a doc (management, preview, and share/compose views that allow debugging): pick an
 * environment (its headers and params, and the application's common ones where the doc uses them, are
 * pre-filled), edit path/query/headers/body pre-filled from the doc, run pre-request scripts, send straight
 * from the browser or through Folio's proxy (a switch remembered per application), run after-response
 * scripts, and read the response.
 */
import { SendOutlined } from '@ant-design/icons';
import type { DocDetail } from '@folio/shared';
import { HTTP_METHODS, REQUEST_TIMEOUT_MS } from '@folio/shared';
import { Alert, Button, Empty, Input, Select, Skeleton, Space, Switch, Tabs, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readLocal, writeLocal } from '../../lib/storage';
import type { DocViewSource, ViewDoc } from '../doc-view/doc-source';
import { BodyEditor } from './body-editor';
import { CookiesTab } from './cookies-tab';
import { type DebugContext, grantOfSource, saveDebugProps, useDebugContext } from './debug-api';
import { withAuthRows } from './debug-auth';
import { buildUrl, type DebugResponse } from './debug-request';
import { type DebugForm, envRows, initialForm, runDebugSend } from './debug-send';
import { KvTable } from './kv-table';
import { ResponseView } from './response-view';
import { ScriptsTab } from './scripts-tab';

type Source = DocViewSource | { kind: string; grant?: string; shareId?: string; showId?: string };

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
  const [form, setForm] = useState<DebugForm>(() => {
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

  const patch = (p: Partial<DebugForm>) => setForm((f) => ({ ...f, ...p }));
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
    try {
      const out = await runDebugSend({
        form,
        baseUrl,
        scripts: ctx.scripts,
        viaProxy,
        follow,
        docId: doc.id,
        grant,
        varsKey,
        jarKey,
        signal: ctrl.signal,
        t,
      });
      setResponse(out.response);
      setError(out.error);
      setHint(out.hint);
      setLogs(out.logs);
    } finally {
      clearTimeout(timer);
      setSending(false);
    }
  };

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
            children: <BodyEditor form={form} patch={patch} />,
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

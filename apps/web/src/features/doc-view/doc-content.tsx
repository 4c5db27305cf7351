/**
 * The document tab of the doc view: title, follow, method + URL with the environment's base URL, meta,
 * Markdown description, parameter tables, generated examples, error codes, Dubbo info, Markdown/custom docs.
 */
import { CopyOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  type DocParam,
  type DocResponse,
  DocType,
  deprecationReason,
  type ErrorCodeParam,
  formatDateTime,
  isDeprecated,
} from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown, SafeHtml } from '../../components/markdown';
import { api } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { readLocal, writeLocal } from '../../lib/storage';
import { CopyMarkdownButton } from '../agents/copy-markdown-button';
import { Authorization } from './authorization';
import { sampleRequest } from './code-samples';
import { Description } from './description';
import { CodeSamplesPanel, Outline, ResponseTabs, WhenVisible } from './doc-parts';
import type { DocViewSource, LoadedDoc, ViewDoc } from './doc-source';
import { withApplicationCodes } from './error-codes';
import { AlternativeSwitcher, CodeBlock, ExamplePicker } from './example-block';
import { alternativesOf, bodyExample, type Choices, findDataNode, pickedExample, queryString, responseExample } from './examples';
import { MethodTag, WebhookTag } from './method-tag';
import { ParamViewTable } from './param-view-table';
import { type StatusTab, splitResponses } from './responses';

const ENV_KEY = 'folio.view.env';

function FollowButton({ docId }: { docId: string }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['isFollow', docId], queryFn: () => api.get<boolean>('user/subscribe/doc/isFollow', { docId }) });
  const [busy, setBusy] = useState(false);
  const on = !!q.data;
  return (
    <Button
      size="small"
      icon={on ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      loading={busy}
      data-testid="follow-button"
      onClick={async () => {
        setBusy(true);
        try {
          await api.post(on ? 'user/subscribe/doc/unfollow' : 'user/subscribe/doc/follow', { docId });
          await q.refetch();
        } finally {
          setBusy(false);
        }
      }}
    >
      {on ? t('view.doc.unfollow') : t('view.doc.follow')}
    </Button>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <span>
      <span className="muted">{label}:</span>
      {value}
    </span>
  );
}

function Section({ title, children, testId, anchor }: { title: string; children: React.ReactNode; testId?: string; anchor?: string }) {
  return (
    <section className="doc-section" data-testid={testId} id={anchor ? `sec-${anchor}` : undefined}>
      <h4 className="doc-section-title">{title}</h4>
      {children}
    </section>
  );
}

/** Wraps the doc's response params in the common returns at the `$data$` node (for the table). */
function responseTable(doc: ViewDoc) {
  const common = doc.isUseGlobalReturns === 0 ? [] : (doc.globalReturns ?? []);
  const dataNode = findDataNode(common);
  if (!dataNode) return doc.responseParams;
  const swap = (list: typeof common): typeof common =>
    list.map((p) => (p === dataNode ? { ...p, example: '', children: doc.responseParams } : { ...p, children: swap(p.children ?? []) }));
  return swap(common);
}

/** The rendered doc. */
export function DocContent({ loaded, source }: { loaded: LoadedDoc; source: DocViewSource }) {
  const { t } = useTranslation();
  const { doc, environments } = loaded;
  const [envName, setEnvName] = useState<string>(() => readLocal<Record<string, string>>(ENV_KEY, {})[doc.moduleId] ?? '');
  const env = environments.find((e) => e.name === envName) ?? environments[0];
  const fullUrl = `${env?.url ?? ''}${doc.url}`;
  const deprecated = isDeprecated(doc.deprecated);
  const headers = useMemo(() => [...(doc.isUseGlobalHeaders === 0 ? [] : (doc.globalHeaders ?? [])), ...doc.headerParams], [doc]);
  const requestParams = useMemo(() => [...(doc.isUseGlobalParams === 0 ? [] : (doc.globalParams ?? [])), ...doc.requestParams], [doc]);
  const responseParams = useMemo(() => responseTable(doc), [doc]);
  const allCodes = useMemo(() => withApplicationCodes(doc), [doc]);
  // A spec's statuses become response tabs; business and application codes stay "error codes".
  const { tabs: statusTabs, codes: errorCodes } = useMemo(
    () => splitResponses(doc.errorCodeParams ?? [], allCodes, doc.responses ?? []),
    [doc, allCodes],
  );
  // One example per alternative of each oneOf/anyOf: the reader picks which (request and response apart).
  const [requestChoices, setRequestChoices] = useState<Choices>({});
  const [responseChoices, setResponseChoices] = useState<Choices>({});
  const formBody = /x-www-form-urlencoded/i.test(doc.contentType);
  const requestText = useMemo(() => {
    if (!requestParams.length) return '';
    if (formBody) return queryString(requestParams).slice(1);
    return JSON.stringify(bodyExample(requestParams, !!doc.isRequestArray, doc.requestArrayType, requestChoices), null, 2);
  }, [doc, requestParams, requestChoices, formBody]);
  const requestAlternatives = useMemo(
    () => (formBody ? [] : alternativesOf(requestParams, requestChoices)),
    [requestParams, requestChoices, formBody],
  );
  const responseText = useMemo(() => {
    if (!doc.responseParams.length && !(doc.globalReturns ?? []).length) return '';
    return JSON.stringify(responseExample(doc, doc.globalReturns, responseChoices), null, 2);
  }, [doc, responseChoices]);
  // The spec's own request examples come first; the reader's choice is also what code samples send.
  const requestExamples = doc.requestExamples ?? [];
  const [requestPick, setRequestPick] = useState(0);
  const requestShown = pickedExample(requestExamples, requestText, requestPick);
  const mainResponse = doc.responses?.find((r) => r.main === 1);
  const [responsePick, setResponsePick] = useState(0);
  const sample = useMemo(
    () => sampleRequest(doc, headers, requestParams, env?.url ?? '', formBody && !requestExamples.length ? '' : requestShown),
    [doc, headers, requestParams, env, formBody, requestShown, requestExamples.length],
  );
  const responseAlternatives = useMemo(() => alternativesOf(doc.responseParams, responseChoices), [doc, responseChoices]);

  const header = (
    <div className="doc-title">
      <h2 className={`doc-h1${deprecated ? ' is-deprecated' : ''}`} data-testid="doc-title">
        {doc.name}
      </h2>
      {deprecated && <span className="deprecated-tag">{t('view.doc.deprecated')}</span>}
      {source.kind === 'user' && <FollowButton docId={doc.id} />}
      <CopyMarkdownButton source={source} docId={doc.id} />
    </div>
  );

  if (doc.type === DocType.MARKDOWN || doc.type === DocType.CUSTOM) {
    return (
      <article className="doc-content">
        {header}
        {doc.type === DocType.MARKDOWN ? <Markdown source={doc.description} /> : <SafeHtml html={doc.description} />}
      </article>
    );
  }

  const method = (doc.httpMethod || 'GET').toUpperCase();
  const responseTitle = doc.isResponseArray
    ? `${t('view.doc.responseParams')} · ${t('view.doc.arrayOf', { 0: doc.responseArrayType || 'object' })}`
    : t('view.doc.responseParams');
  const responseSection = (
    <Section title={responseTitle} testId="response-params" anchor={statusTabs.length ? undefined : 'responses'}>
      {responseParams.length ? (
        <ParamViewTable params={responseParams} kind="response" testId="response-table" />
      ) : (
        <span className="muted">{t('view.doc.none')}</span>
      )}
    </Section>
  );
  // The main status's body (also shown for a status whose body has the same schema, with its own headers and examples).
  const mainBody = (r: DocResponse | undefined) => (
    <div className="doc-pair">
      <div className="doc-pair-main">
        {r?.headers?.length ? <ResponseHeaders headers={r.headers} /> : null}
        {responseSection}
      </div>
      {(responseText || (r?.examples?.length ?? 0) > 0) && (
        <div className="doc-pair-side">
          <Section title={t('view.doc.responseExample')}>
            <ExamplePicker
              examples={r?.examples ?? []}
              generated={responseText}
              value={responsePick}
              onChange={setResponsePick}
              generatedExtra={<AlternativeSwitcher sets={responseAlternatives} choices={responseChoices} onChange={setResponseChoices} />}
              testId="response-example"
              params={doc.responseParams}
            />
          </Section>
        </div>
      )}
    </div>
  );
  const successBody = mainBody(mainResponse);
  const panel = (tab: StatusTab) =>
    tab.success || (tab.response?.sameAs && tab.response.sameAs === mainResponse?.status) ? (
      mainBody(tab.response ?? mainResponse)
    ) : tab.response && (tab.response.params?.length || tab.response.headers?.length || tab.response.examples?.length) ? (
      <OtherResponse response={tab.response} />
    ) : null;
  const isWebhook = !!doc.webhook;
  const namedIn = (where: string[]) =>
    new Map((doc.paramExamples ?? []).filter((x) => where.includes(x.in)).map((x) => [x.name, x.examples] as const));
  return (
    <article className="doc-content">
      {header}
      {isWebhook && (
        <div className="doc-url doc-webhook" data-testid="doc-webhook">
          <WebhookTag method={method} />
          <MethodTag method={method} />
          <span className="url-text">{doc.webhook}</span>
          <span className="muted webhook-note">{t('view.doc.webhookNote')}</span>
        </div>
      )}
      {doc.type === DocType.HTTP && !isWebhook && (
        <div className="doc-url" data-testid="doc-url">
          <MethodTag method={method} />
          <span className="url-text">{fullUrl || doc.url}</span>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            title={t('view.doc.copyUrl')}
            aria-label={t('view.doc.copyUrl')}
            onClick={() => copyText(fullUrl || doc.url)}
          />
          <Button size="small" onClick={() => copyText(`${method} ${fullUrl || doc.url}`)}>
            {t('view.doc.copyMethodUrl')}
          </Button>
          {environments.length > 0 && (
            <span className="doc-env">
              <span className="muted">{t('view.doc.environment')}: </span>
              <select
                value={env?.name}
                aria-label={t('view.doc.environment')}
                onChange={(e) => {
                  setEnvName(e.target.value);
                  writeLocal(ENV_KEY, { ...readLocal<Record<string, string>>(ENV_KEY, {}), [doc.moduleId]: e.target.value });
                }}
              >
                {environments.map((e) => (
                  <option key={e.id} value={e.name}>
                    {`${e.name} (${e.url})`}
                  </option>
                ))}
              </select>
            </span>
          )}
        </div>
      )}
      <div className="doc-meta">
        {doc.type === DocType.HTTP && doc.contentType && <Meta label={t('view.doc.contentType')} value={doc.contentType} />}
        {doc.author && <Meta label={t('view.doc.maintainer')} value={doc.author} />}
        <Meta label={t('view.doc.status')} value={t(`view.doc.status.${doc.status}`)} />
        {doc.gmtModified && <Meta label={t('view.doc.modified')} value={formatDateTime(Number(doc.gmtModified) || doc.gmtModified)} />}
      </div>
      {deprecationReason(doc.deprecated) && <div className="doc-warning">{deprecationReason(doc.deprecated)}</div>}
      <Outline
        items={[
          ['description', t('view.doc.description'), !!doc.description],
          ['auth', t('view.doc.auth'), !!doc.security],
          ['path', t('view.doc.pathParams'), doc.pathParams.length > 0],
          ['header', t('view.doc.headerParams'), headers.length > 0],
          ['query', t('view.doc.queryParams'), doc.queryParams.length > 0],
          ['body', isWebhook ? t('view.doc.webhookPayload') : t('view.doc.requestParams'), true],
          [
            'request-example',
            isWebhook ? t('view.doc.payloadExample') : t('view.doc.requestExample'),
            !!requestText || requestExamples.length > 0,
          ],
          ['responses', t('view.doc.responses'), true],
          ['error-codes', t('view.doc.errorCodes'), errorCodes.length > 0],
          ['code-samples', t('view.doc.codeSamples'), doc.type === DocType.HTTP && !isWebhook],
        ]}
      />
      {doc.description && (
        <Section title={t('view.doc.description')} testId="doc-description" anchor="description">
          <Description text={doc.description} />
        </Section>
      )}
      {doc.type === DocType.HTTP && doc.security && (
        <Section title={t('view.doc.auth')} testId="doc-authorization" anchor="auth">
          <Authorization auth={doc.security} />
        </Section>
      )}
      {doc.type === DocType.DUBBO && <DubboInfo doc={doc} />}
      {doc.pathParams.length > 0 && (
        <Section title={t('view.doc.pathParams')} anchor="path">
          <ParamViewTable params={doc.pathParams} kind="path" named={namedIn(['path'])} />
        </Section>
      )}
      {headers.length > 0 && (
        <Section title={t('view.doc.headerParams')} anchor="header">
          <ParamViewTable params={headers} kind="header" named={namedIn(['header', 'cookie'])} />
        </Section>
      )}
      {doc.queryParams.length > 0 && (
        <Section title={t('view.doc.queryParams')} anchor="query">
          <ParamViewTable params={doc.queryParams} kind="query" named={namedIn(['query'])} />
        </Section>
      )}
      <div className="doc-pair">
        <div className="doc-pair-main">
          <Section
            title={
              isWebhook
                ? t('view.doc.webhookPayload')
                : doc.isRequestArray
                  ? `${t('view.doc.requestParams')} · ${t('view.doc.arrayOf', { 0: doc.requestArrayType || 'object' })}`
                  : t('view.doc.requestParams')
            }
            testId="request-params"
            anchor="body"
          >
            {requestParams.length ? (
              <ParamViewTable params={requestParams} kind="request" testId="request-table" />
            ) : (
              <span className="muted">{t('view.doc.none')}</span>
            )}
          </Section>
        </div>
        {(requestText || requestExamples.length > 0) && (
          <div className="doc-pair-side">
            <Section title={isWebhook ? t('view.doc.payloadExample') : t('view.doc.requestExample')} anchor="request-example">
              <ExamplePicker
                examples={requestExamples}
                generated={requestText}
                value={requestPick}
                onChange={setRequestPick}
                generatedExtra={<AlternativeSwitcher sets={requestAlternatives} choices={requestChoices} onChange={setRequestChoices} />}
                testId="request-example"
                json={!formBody || requestPick < requestExamples.length}
                form={formBody}
                params={doc.requestParams}
              />
            </Section>
          </div>
        )}
      </div>
      {statusTabs.length > 0 ? (
        <Section title={t('view.doc.responses')} testId="responses" anchor="responses">
          <ResponseTabs tabs={statusTabs} panel={panel} />
        </Section>
      ) : (
        successBody
      )}
      {errorCodes.length > 0 && (
        <Section title={t('view.doc.errorCodes')} testId="error-codes" anchor="error-codes">
          <ErrorCodes codes={errorCodes} />
        </Section>
      )}
      {doc.type === DocType.HTTP && !isWebhook && (
        <Section title={t('view.doc.codeSamples')} anchor="code-samples">
          <WhenVisible>
            <Suspense fallback={<div style={{ minHeight: 40 }} />}>
              <CodeSamplesPanel request={sample} />
            </Suspense>
          </WhenVisible>
        </Section>
      )}
    </article>
  );
}

/** A response's headers (name, type, description, example). */
function ResponseHeaders({ headers }: { headers: DocParam[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('view.doc.responseHeaders')} testId="response-headers">
      <ParamViewTable params={headers} kind="response" />
    </Section>
  );
}

/** A documented status other than the main one: its headers, body and examples (the spec's, else generated). */
function OtherResponse({ response: r }: { response: DocResponse }) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<Choices>({});
  const [pick, setPick] = useState(0);
  const generated = useMemo(
    () => (r.params?.length ? JSON.stringify(bodyExample(r.params, !!r.isArray, r.arrayType, choices), null, 2) : ''),
    [r, choices],
  );
  const alternatives = useMemo(() => alternativesOf(r.params ?? [], choices), [r, choices]);
  const title = r.isArray
    ? `${t('view.doc.responseParams')} · ${t('view.doc.arrayOf', { 0: r.arrayType || 'object' })}`
    : t('view.doc.responseParams');
  return (
    <div className="doc-pair" data-testid="status-body">
      <div className="doc-pair-main">
        {r.headers?.length ? <ResponseHeaders headers={r.headers} /> : null}
        <Section title={r.contentType ? `${title} · ${r.contentType}` : title}>
          {r.params?.length ? <ParamViewTable params={r.params} kind="response" /> : <span className="muted">{t('view.doc.none')}</span>}
        </Section>
      </div>
      {(generated || r.examples?.length > 0) && (
        <div className="doc-pair-side">
          <Section title={t('view.doc.responseExample')}>
            <ExamplePicker
              examples={r.examples ?? []}
              generated={generated}
              value={pick}
              onChange={setPick}
              generatedExtra={<AlternativeSwitcher sets={alternatives} choices={choices} onChange={setChoices} />}
              testId="status-example"
              params={r.params}
            />
          </Section>
        </div>
      )}
    </div>
  );
}

function ErrorCodes({ codes }: { codes: ErrorCodeParam[] }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="plain-table">
        <thead>
          <tr>
            <th>{t('view.col.code')}</th>
            <th>{t('view.col.msg')}</th>
            <th>{t('view.col.solution')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: codes may repeat; the list is static
            <tr key={i}>
              <td>{c.code}</td>
              <td>
                <Description text={c.msg} inline />
              </td>
              <td>
                <Description text={c.solution} inline />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DubboInfo({ doc }: { doc: ViewDoc }) {
  const { t } = useTranslation();
  const d = doc.dubboInfo;
  return (
    <Section title={t('view.dubbo.title')} testId="dubbo-info">
      {d && (
        <table className="plain-table dubbo-table">
          <tbody>
            <tr>
              <th>{t('view.dubbo.interfaceName')}</th>
              <td>{d.interfaceName}</td>
            </tr>
            <tr>
              <th>{t('view.dubbo.version')}</th>
              <td>{d.version}</td>
            </tr>
            <tr>
              <th>{t('view.dubbo.protocol')}</th>
              <td>{d.protocol}</td>
            </tr>
            <tr>
              <th>{t('view.dubbo.author')}</th>
              <td>{d.author}</td>
            </tr>
            {d.dependency && (
              <tr>
                <th>{t('view.dubbo.dependency')}</th>
                <td>
                  <pre className="inline-pre">{d.dependency}</pre>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {doc.definition && (
        <>
          <strong>{t('view.dubbo.definition')}</strong>
          <CodeBlock text={doc.definition} />
        </>
      )}
    </Section>
  );
}

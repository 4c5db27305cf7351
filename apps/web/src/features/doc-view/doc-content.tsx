/**
 * The document tab of the doc view: title, follow, method + URL with the environment's base URL, meta,
 * Markdown description, parameter tables, generated examples, error codes, Dubbo info, Markdown/custom docs.
 * The parts live beside it: doc-url-bar, doc-request, doc-responses, error-code-table, dubbo-info.
 */
import { DocType, deprecationReason, formatDateTime, isDeprecated } from '@folio/shared';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown, SafeHtml } from '../../components/markdown';
import { CopyMarkdownButton } from '../agents/copy-markdown-button';
import { Authorization } from './authorization';
import { sampleRequest } from './code-samples';
import { Description } from './description';
import { CodeSamplesPanel, Outline, Section, WhenVisible } from './doc-parts';
import { DocRequest, useRequestExample } from './doc-request';
import { DocResponses } from './doc-responses';
import type { DocViewSource, LoadedDoc } from './doc-source';
import { DocUrlBar, useChosenEnvironment, WebhookBar } from './doc-url-bar';
import { DubboInfo } from './dubbo-info';
import { ErrorCodeTable } from './error-code-table';
import { withApplicationCodes } from './error-codes';
import { FollowButton } from './follow-button';
import { ParamViewTable } from './param-view-table';
import { splitResponses } from './responses';

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <span>
      <span className="muted">{label}:</span>
      {value}
    </span>
  );
}

/** The rendered doc. */
export function DocContent({ loaded, source }: { loaded: LoadedDoc; source: DocViewSource }) {
  const { t } = useTranslation();
  const { doc, environments } = loaded;
  const { env, choose } = useChosenEnvironment(doc.moduleId, environments);
  const deprecated = isDeprecated(doc.deprecated);
  const headers = useMemo(() => [...(doc.isUseGlobalHeaders === 0 ? [] : (doc.globalHeaders ?? [])), ...doc.headerParams], [doc]);
  const requestParams = useMemo(() => [...(doc.isUseGlobalParams === 0 ? [] : (doc.globalParams ?? [])), ...doc.requestParams], [doc]);
  const allCodes = useMemo(() => withApplicationCodes(doc), [doc]);
  // A spec's statuses become response tabs; business and application codes stay "error codes".
  const { tabs: statusTabs, codes: errorCodes } = useMemo(
    () => splitResponses(doc.errorCodeParams ?? [], allCodes, doc.responses ?? []),
    [doc, allCodes],
  );
  const request = useRequestExample(doc, requestParams);
  // The code samples send the request example the reader picked (a generated form body: none).
  const sentBody = request.formBody && !request.examples.length ? '' : request.shown;
  const sample = useMemo(
    () => sampleRequest(doc, headers, requestParams, env?.url ?? '', sentBody),
    [doc, headers, requestParams, env, sentBody],
  );

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
  const isWebhook = !!doc.webhook;
  const namedIn = (where: string[]) =>
    new Map((doc.paramExamples ?? []).filter((x) => where.includes(x.in)).map((x) => [x.name, x.examples] as const));
  return (
    <article className="doc-content">
      {header}
      {isWebhook && <WebhookBar method={method} event={doc.webhook ?? ''} />}
      {doc.type === DocType.HTTP && !isWebhook && (
        <DocUrlBar method={method} url={doc.url} environments={environments} env={env} onChoose={choose} />
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
          ['request-example', isWebhook ? t('view.doc.payloadExample') : t('view.doc.requestExample'), request.any],
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
      <DocRequest doc={doc} params={requestParams} example={request} isWebhook={isWebhook} />
      <DocResponses doc={doc} statusTabs={statusTabs} />
      {errorCodes.length > 0 && (
        <Section title={t('view.doc.errorCodes')} testId="error-codes" anchor="error-codes">
          <ErrorCodeTable codes={errorCodes} />
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

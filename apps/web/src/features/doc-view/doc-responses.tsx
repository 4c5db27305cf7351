/**
 * What a doc answers: the response parameters (wrapped in the application's common returns at `$data$`) with a
 * generated or the spec's own example, and, when the spec documents statuses, one tab per status (a status with
 * the main body's schema shows it with its own headers and examples; another shows its own body).
 */
import { type DocParam, type DocResponse, DocType } from '@folio/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponseTabs, Section } from './doc-parts';
import type { ViewDoc } from './doc-source';
import { AlternativeSwitcher, ExamplePicker } from './example-block';
import { alternativesOf, bodyExample, type Choices, findDataNode, responseExample } from './examples';
import { ParamViewTable } from './param-view-table';
import type { StatusTab } from './responses';

/** Wraps the doc's response params in the common returns at the `$data$` node (for the table). */
function responseTable(doc: ViewDoc) {
  const common = doc.isUseGlobalReturns === 0 ? [] : (doc.globalReturns ?? []);
  const dataNode = findDataNode(common);
  if (!dataNode) return doc.responseParams;
  const swap = (list: typeof common): typeof common =>
    list.map((p) => (p === dataNode ? { ...p, example: '', children: doc.responseParams } : { ...p, children: swap(p.children ?? []) }));
  return swap(common);
}

/** The doc's responses: the main body alone, or a tab per documented status (`statusTabs`). */
export function DocResponses({ doc, statusTabs }: { doc: ViewDoc; statusTabs: StatusTab[] }) {
  const { t } = useTranslation();
  const responseParams = useMemo(() => responseTable(doc), [doc]);
  // One example per alternative of each oneOf/anyOf: the reader picks which.
  const [choices, setChoices] = useState<Choices>({});
  const [pick, setPick] = useState(0);
  const generated = useMemo(() => {
    if (!doc.responseParams.length && !(doc.globalReturns ?? []).length) return '';
    return JSON.stringify(responseExample(doc, doc.globalReturns, choices), null, 2);
  }, [doc, choices]);
  const alternatives = useMemo(() => alternativesOf(doc.responseParams, choices), [doc, choices]);
  const mainResponse = doc.responses?.find((r) => r.main === 1);
  // A Dubbo method answers without an HTTP status: the examples written for its answer (kept under the success
  // status, as the editor stores them) show beside its parameters, without a lone status tab.
  const lone = doc.type === DocType.DUBBO && statusTabs.length === 1 && statusTabs[0].success ? statusTabs[0] : undefined;
  const tabs = lone ? [] : statusTabs;

  const title = doc.isResponseArray
    ? `${t('view.doc.responseParams')} · ${t('view.doc.arrayOf', { 0: doc.responseArrayType || 'object' })}`
    : t('view.doc.responseParams');
  const table = (
    <Section title={title} testId="response-params" anchor={tabs.length ? undefined : 'responses'}>
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
        {table}
      </div>
      {(generated || (r?.examples?.length ?? 0) > 0) && (
        <div className="doc-pair-side">
          <Section title={t('view.doc.responseExample')}>
            <ExamplePicker
              examples={r?.examples ?? []}
              generated={generated}
              value={pick}
              onChange={setPick}
              generatedExtra={<AlternativeSwitcher sets={alternatives} choices={choices} onChange={setChoices} />}
              testId="response-example"
              params={doc.responseParams}
            />
          </Section>
        </div>
      )}
    </div>
  );
  if (!tabs.length) return mainBody(lone?.response ?? mainResponse);
  const panel = (tab: StatusTab) =>
    tab.success || (tab.response?.sameAs && tab.response.sameAs === mainResponse?.status) ? (
      mainBody(tab.response ?? mainResponse)
    ) : tab.response && (tab.response.params?.length || tab.response.headers?.length || tab.response.examples?.length) ? (
      <OtherResponse response={tab.response} />
    ) : null;
  return (
    <Section title={t('view.doc.responses')} testId="responses" anchor="responses">
      <ResponseTabs tabs={tabs} panel={panel} />
    </Section>
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

/**
 * What a doc sends: its body parameters (a webhook's payload) beside an example, the spec's own examples first,
 * then one generated from the parameters (a form body as `a=1&b=2`). The example picked is also what the code
 * samples send, so its state lives with the doc (useRequestExample).
 */
import type { DocParam } from '@folio/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from './doc-parts';
import type { ViewDoc } from './doc-source';
import { AlternativeSwitcher, ExamplePicker } from './example-block';
import { alternativesOf, bodyExample, type Choices, pickedExample, queryString } from './examples';
import { ParamViewTable } from './param-view-table';

/** The request example state of a doc: the generated text, the spec's examples, the reader's pick and choices. */
export function useRequestExample(doc: ViewDoc, params: DocParam[]) {
  // One example per alternative of each oneOf/anyOf: the reader picks which.
  const [choices, setChoices] = useState<Choices>({});
  const [pick, setPick] = useState(0);
  const formBody = /x-www-form-urlencoded/i.test(doc.contentType);
  const generated = useMemo(() => {
    if (!params.length) return '';
    if (formBody) return queryString(params).slice(1);
    return JSON.stringify(bodyExample(params, !!doc.isRequestArray, doc.requestArrayType, choices), null, 2);
  }, [doc, params, choices, formBody]);
  const alternatives = useMemo(() => (formBody ? [] : alternativesOf(params, choices)), [params, choices, formBody]);
  const examples = doc.requestExamples ?? [];
  return {
    formBody,
    generated,
    examples,
    /** The text shown: the picked spec example, else the generated one. */
    shown: pickedExample(examples, generated, pick),
    /** Whether there is any example to show. */
    any: !!generated || examples.length > 0,
    pick,
    setPick,
    choices,
    setChoices,
    alternatives,
  };
}

/** The body parameters beside the request example. */
export function DocRequest({
  doc,
  params,
  example: x,
  isWebhook,
}: {
  doc: ViewDoc;
  params: DocParam[];
  example: ReturnType<typeof useRequestExample>;
  isWebhook: boolean;
}) {
  const { t } = useTranslation();
  const title = isWebhook
    ? t('view.doc.webhookPayload')
    : doc.isRequestArray
      ? `${t('view.doc.requestParams')} · ${t('view.doc.arrayOf', { 0: doc.requestArrayType || 'object' })}`
      : t('view.doc.requestParams');
  return (
    <div className="doc-pair">
      <div className="doc-pair-main">
        <Section title={title} testId="request-params" anchor="body">
          {params.length ? (
            <ParamViewTable params={params} kind="request" testId="request-table" />
          ) : (
            <span className="muted">{t('view.doc.none')}</span>
          )}
        </Section>
      </div>
      {x.any && (
        <div className="doc-pair-side">
          <Section title={isWebhook ? t('view.doc.payloadExample') : t('view.doc.requestExample')} anchor="request-example">
            <ExamplePicker
              examples={x.examples}
              generated={x.generated}
              value={x.pick}
              onChange={x.setPick}
              generatedExtra={<AlternativeSwitcher sets={x.alternatives} choices={x.choices} onChange={x.setChoices} />}
              testId="request-example"
              json={!x.formBody || x.pick < x.examples.length}
              form={x.formBody}
              params={doc.requestParams}
            />
          </Section>
        </div>
      )}
    </div>
  );
}

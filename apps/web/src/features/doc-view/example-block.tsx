/**
 * An example as the reader sees it: JSON with syntax highlighting (a small tokenizer, no library), a Copy
 * button copying exactly what is shown, and a switcher per `oneOf`/`anyOf` alternative ("source · Card | Bank
 * account") that regenerates the example from the chosen alternative.
 */
import { CopyOutlined } from '@ant-design/icons';
import type { DocParam, NamedExample } from '@folio/shared';
import { Button } from 'antd';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { exampleFit, misfits } from './example-fit';
import { type AlternativeSet, type Choices, formLines } from './examples';

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** JSON text as highlighted spans (keys, strings, numbers, literals); other text stays as it is. */
export function highlightJson(text: string): ReactNode[] {
  if (text.length > 200_000) return [text];
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(TOKEN)) {
    const i = m.index ?? 0;
    if (i > last) out.push(text.slice(last, i));
    const cls = m[1] ? (m[2] ? 'tok-key' : 'tok-str') : m[3] ? 'tok-lit' : 'tok-num';
    out.push(
      <span key={n++} className={cls}>
        {m[1] ?? m[0]}
      </span>,
    );
    if (m[2]) out.push(m[2]);
    last = i + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Code as the reader sees it, with Copy (which copies `text`, also when a form body is shown one field a line). */
export function CodeBlock({ text, testId, json, form }: { text: string; testId?: string; json?: boolean; form?: boolean }) {
  const { t } = useTranslation();
  const body = useMemo(() => (json ? highlightJson(text) : form ? formLines(text) : text), [text, json, form]);
  return (
    <div className="code-block" data-testid={testId}>
      <Button size="small" className="code-copy" icon={<CopyOutlined />} onClick={() => copyText(text)}>
        {t('view.doc.copyExample')}
      </Button>
      <pre>{body}</pre>
    </div>
  );
}

/** Whether a text reads as JSON (an object or array written out), so it is highlighted as JSON. */
export const isJsonText = (text: string) => /^\s*[[{]/.test(text);

/** The label of a spec example: its summary, else its name, else "Example n". */
export const exampleLabel = (e: NamedExample, i: number, fallback: (n: number) => string) => e.summary || e.name || fallback(i + 1);

const SHOWN_NAMES = 5;
const names = (list: string[]) => list.slice(0, SHOWN_NAMES).join(', ') + (list.length > SHOWN_NAMES ? ', …' : '');

/**
 * Where a named example comes from (the imported spec as it gave it, or written/edited in Folio), and where it
 * no longer agrees with the parameters (edited in the form since: the example is kept, the reader is told, the
 * editor can remove it).
 */
function ExampleSource({ example, params, testId }: { example: NamedExample; params?: DocParam[]; testId?: string }) {
  const { value } = example;
  const { t } = useTranslation();
  const fit = useMemo(() => (params ? exampleFit(value, params) : null), [value, params]);
  const parts = misfits(fit)
    ? [
        fit.unknown.length ? t('view.doc.misfitUnknown', { 0: names(fit.unknown) }) : '',
        fit.missing.length ? t('view.doc.misfitMissing', { 0: names(fit.missing) }) : '',
      ].filter(Boolean)
    : [];
  return (
    <div className="example-source" data-testid={testId ? `${testId}-source` : undefined}>
      <span className="muted">{example.origin === 'folio' ? t('view.doc.writtenInFolio') : t('view.doc.fromSpec')}</span>
      {parts.length > 0 && (
        <span className="example-misfit" role="note" data-testid={testId ? `${testId}-misfit` : undefined}>
          {t('view.doc.exampleMisfit', { 0: parts.join('; ') })}
        </span>
      )}
    </div>
  );
}

/**
 * The examples of a body: the spec's own first ("Card Payment", "Bank Account Payment"), then the one generated
 * from the schema; a picker when there are several. `value` is the chosen position (controlled: Copy, code
 * samples and the debug pre-fill use the same choice). `generatedExtra` shows above the generated one (its switcher).
 * A spec example says so, and is checked against `params` (the body's parameters as they are now).
 */
export function ExamplePicker({
  examples,
  generated,
  value,
  onChange,
  generatedExtra,
  testId,
  json,
  form,
  params,
}: {
  params?: DocParam[];
  /** The body is form-encoded: a `key=value&…` example is shown one field a line. */
  form?: boolean;
  examples: NamedExample[];
  generated: string;
  value: number;
  onChange: (i: number) => void;
  generatedExtra?: ReactNode;
  testId?: string;
  json?: boolean;
}) {
  const { t } = useTranslation();
  const labels = [
    // An unnamed example is "Example" when it is the spec's only one, else "Example 2".
    ...examples.map((e, i) =>
      exampleLabel(e, i, (n) => (examples.length === 1 ? t('view.doc.example') : t('view.doc.exampleN', { 0: n }))),
    ),
    ...(generated ? [t('view.doc.generatedExample')] : []),
  ];
  if (!labels.length) return null;
  const at = Math.min(Math.max(0, value), labels.length - 1);
  const spec = examples[at];
  const text = spec ? spec.value : generated;
  return (
    <>
      {labels.length > 1 && (
        <fieldset className="example-picker" aria-label={t('view.doc.examples')} data-testid={testId ? `${testId}-picker` : undefined}>
          {labels.map((label, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: an example is its position in the list
              key={i}
              type="button"
              className={`alt-option${i === at ? ' is-active' : ''}`}
              aria-pressed={i === at}
              title={examples[i]?.name && examples[i]?.summary ? examples[i].name : undefined}
              onClick={() => onChange(i)}
            >
              {label}
            </button>
          ))}
        </fieldset>
      )}
      {!spec && generatedExtra}
      {spec && <ExampleSource example={spec} params={params} testId={testId} />}
      <CodeBlock text={text} testId={testId} json={json !== false && isJsonText(text)} form={form && !isJsonText(text)} />
    </>
  );
}

/** Alternatives switchers shown before "more". */
const SWITCHERS_SHOWN = 3;

/** One row of buttons per `oneOf`/`anyOf` param shown in the example. */
export function AlternativeSwitcher({
  sets,
  choices,
  onChange,
}: {
  sets: AlternativeSet[];
  choices: Choices;
  onChange: (next: Choices) => void;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (!sets.length) return null;
  // Stripe's customer has a dozen alternatives: the first few, the rest on demand.
  const shown = all ? sets : sets.slice(0, SWITCHERS_SHOWN);
  return (
    <div className="alt-switcher" data-testid="example-alternatives">
      {shown.map((s) => (
        <div key={s.path} className="alt-row">
          <span className="muted">
            {s.path} · {s.kind}
          </span>
          {s.options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an alternative is its position in the list
            <Fragment key={i}>
              <button
                type="button"
                className={`alt-option${(choices[s.path] ?? 0) === i ? ' is-active' : ''}`}
                aria-pressed={(choices[s.path] ?? 0) === i}
                onClick={() => onChange({ ...choices, [s.path]: i })}
              >
                {o}
              </button>
            </Fragment>
          ))}
        </div>
      ))}
      {sets.length > SWITCHERS_SHOWN && (
        <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t('view.doc.fewerAlternatives') : t('view.doc.moreAlternatives', { 0: sets.length - SWITCHERS_SHOWN })}
        </button>
      )}
    </div>
  );
}

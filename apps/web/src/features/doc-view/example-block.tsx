/**
 * An example as the reader sees it: JSON with syntax highlighting (a small tokenizer, no library), a Copy
 * button copying exactly what is shown, and a switcher per `oneOf`/`anyOf` alternative ("source · Card | Bank
 * account") that regenerates the example from the chosen alternative.
 */
import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Fragment, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import type { AlternativeSet, Choices } from './examples';

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

export function CodeBlock({ text, testId, json }: { text: string; testId?: string; json?: boolean }) {
  const { t } = useTranslation();
  const body = useMemo(() => (json ? highlightJson(text) : text), [text, json]);
  return (
    <div className="code-block" data-testid={testId}>
      <Button size="small" className="code-copy" icon={<CopyOutlined />} onClick={() => copyText(text)}>
        {t('view.doc.copyExample')}
      </Button>
      <pre>{body}</pre>
    </div>
  );
}

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
  if (!sets.length) return null;
  return (
    <div className="alt-switcher" data-testid="example-alternatives">
      {sets.map((s) => (
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
    </div>
  );
}

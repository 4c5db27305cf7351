/**
 * The rows of the reader's parameter table (param-view-table.tsx): one row per parameter, its description beside
 * it or under it, its dictionary values and named examples, and its open children.
 */
import type { DocParam, NamedExample } from '@folio/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Description } from './description';
import { enumText, splitRefMark } from './param-view-model';

/** A dictionary's values, each description rendered; free enum text as written. */
function EnumValues({ p }: { p: DocParam }) {
  const items = p.enumInfo?.items ?? [];
  if (!items.length) return <>{p.enumContent}</>;
  return (
    <>
      {items.map((i, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat; the list is static
        <span key={n} className="enum-item">
          {n > 0 && '; '}
          <code>{`${i.name}${i.value && i.value !== i.name ? `=${i.value}` : ''}`}</code>
          {i.description && ' '}
          <Description text={i.description} inline />
        </span>
      ))}
    </>
  );
}

export type Kind = 'header' | 'path' | 'query' | 'request' | 'response';

export function Rows({
  list,
  depth,
  kind,
  prefix,
  isOpen,
  toggle,
  targets,
  jump,
  flash,
  named,
  stacked,
}: {
  named?: Map<string, NamedExample[]>;
  /** Descriptions in a full-width row under their parameter's, rather than in a column. */
  stacked: boolean;
  list: DocParam[];
  depth: number;
  kind: Kind;
  prefix: string;
  isOpen: (k: string, depth: number) => boolean;
  toggle: (k: string, depth: number) => void;
  targets: Map<string, string>;
  jump: (key: string) => void;
  flash: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.map((p, i) => {
        const key = `${prefix}${i}`;
        const kids = p.children ?? [];
        const closed = !isOpen(key, depth);
        const e = enumText(p);
        const { text, ref } = splitRefMark(p.description);
        const target = ref ? targets.get(ref) : undefined;
        const desc = (
          <>
            <Description text={target ? text : p.description} inline />
            {target && (
              <button type="button" className="link-button ref-link" onClick={() => jump(target)} data-testid="schema-link">
                {t('view.seeSchema', { 0: ref })}
              </button>
            )}
            {e && (
              <div className="enum-values">
                <span className="muted">{t('view.enumValues')}: </span>
                <EnumValues p={p} />
              </div>
            )}
          </>
        );
        const hasDesc = !!(p.description || e);
        return (
          <Fragment key={key}>
            <tr
              data-depth={depth}
              data-key={key}
              className={[flash === key && 'is-flash', stacked && hasDesc && 'has-desc-row'].filter(Boolean).join(' ') || undefined}
            >
              <td className="param-name" style={{ paddingLeft: 8 + depth * 16 }}>
                {kids.length > 0 ? (
                  <button type="button" className="param-toggle" aria-expanded={!closed} onClick={() => toggle(key, depth)}>
                    {closed ? '+' : '−'}
                  </button>
                ) : (
                  <span className="param-toggle-space" />
                )}
                {p.name}
              </td>
              <td>{p.type}</td>
              {kind !== 'response' && (
                <>
                  <td>{p.required ? <span className="param-required">{t('view.yes')}</span> : t('view.no')}</td>
                  <td>{p.maxLength}</td>
                </>
              )}
              {!stacked && <td className="param-desc">{desc}</td>}
              <td className="param-example">
                {p.example}
                {depth === 0 && (named?.get(p.name)?.length ?? 0) > 1 && <NamedExamples list={named?.get(p.name) ?? []} />}
              </td>
            </tr>
            {stacked && hasDesc && (
              <tr className="param-desc-row">
                <td className="param-desc" colSpan={kind === 'response' ? 3 : 5} style={{ paddingLeft: 32 + depth * 16 }}>
                  {desc}
                </td>
              </tr>
            )}
            {kids.length > 0 && !closed && (
              <Rows
                list={kids}
                depth={depth + 1}
                kind={kind}
                prefix={`${key}.`}
                isOpen={isOpen}
                toggle={toggle}
                targets={targets}
                jump={jump}
                flash={flash}
                stacked={stacked}
              />
            )}
          </Fragment>
        );
      })}
    </>
  );
}

/** A parameter's other named examples (the spec's), folded under its example. */
function NamedExamples({ list }: { list: NamedExample[] }) {
  const { t } = useTranslation();
  return (
    <details className="param-examples" data-testid="param-examples">
      <summary>{t('view.doc.exampleCount', { 0: list.length })}</summary>
      <ul>
        {list.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an example is its position in the list
          <li key={i}>
            <code>{e.value}</code> {e.summary || e.name}
          </li>
        ))}
      </ul>
    </details>
  );
}

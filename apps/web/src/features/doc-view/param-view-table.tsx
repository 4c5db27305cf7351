/**
 * Read-only parameter table with nested rows and dictionary values for enums. Big operations stay readable:
 * the first level is open, deeper objects are collapsed (each branch toggles; expand/collapse all above the
 * table). A plain table rather than antd's Table keeps /view's JavaScript small.
 */
import type { DocParam, NamedExample } from '@folio/shared';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Description } from './description';
import { branchDepth, enumText, hasLongDescription, schemaRows, splitRefMark } from './param-view-model';

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

type Kind = 'header' | 'path' | 'query' | 'request' | 'response';

function Rows({
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

/** Depths offered by "expand to level" (deeper: expand all). */
const LEVELS = [1, 2, 3, 4];

export function ParamViewTable({
  params,
  kind,
  testId,
  named,
}: {
  params: DocParam[];
  kind: Kind;
  testId?: string;
  /** The spec's named examples of top-level params, by name (several per param). */
  named?: Map<string, NamedExample[]>;
}) {
  const { t } = useTranslation();
  // Open by default: the first level. `level` opens every branch above that depth (expand all: every level,
  // collapse all: none, or a chosen depth); single toggles override until the next of those.
  const [level, setLevel] = useState(1);
  const [overrides, setOverrides] = useState<Map<string, boolean>>(() => new Map());
  const isOpen = (k: string, depth: number) => overrides.get(k) ?? depth < level;
  const toggle = (k: string, depth: number) => setOverrides((o) => new Map(o).set(k, !isOpen(k, depth)));
  const setAll = (l: number) => {
    setLevel(l);
    setOverrides(new Map());
  };
  const depth = useMemo(() => branchDepth(params), [params]);
  // Long descriptions (Stripe's, GitHub's) read under their parameter at the table's width, as Scalar shows
  // them; squeezed into the fifth of six columns beside the example they were ~165 px wide at 1440 px.
  const stacked = useMemo(() => hasLongDescription(params), [params]);
  const nested = depth >= 2;
  // "↗ see customer" jumps to the row where customer is shown (its branches opened), and marks it a moment.
  const targets = useMemo(() => schemaRows(params), [params]);
  const [flash, setFlash] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const jump = (key: string) => {
    const parts = key.split('.');
    setOverrides((o) => {
      const next = new Map(o);
      for (let i = 1; i < parts.length; i++) next.set(parts.slice(0, i).join('.'), true);
      return next;
    });
    setFlash(key);
  };
  useEffect(() => {
    if (!flash) return;
    box.current?.querySelector(`tr[data-key="${flash}"]`)?.scrollIntoView({ block: 'center' });
    // The row's name shows (a wide table may have been scrolled sideways to the link).
    if (box.current) box.current.scrollLeft = 0;
    const timer = setTimeout(() => setFlash(''), 1600);
    return () => clearTimeout(timer);
  }, [flash]);
  return (
    <div className={`param-view-table${stacked ? ' is-stacked' : ''}`} data-testid={testId} ref={box}>
      {nested && (
        <div className="param-tools">
          <span className="param-levels" data-testid="expand-levels">
            {t('view.expandToLevel')}
            {LEVELS.filter((l) => l <= depth).map((l) => (
              <button
                key={l}
                type="button"
                className={`link-button${l === level ? ' is-active' : ''}`}
                aria-pressed={l === level}
                aria-label={t('view.expandToLevelN', { 0: l })}
                onClick={() => setAll(l)}
              >
                {l}
              </button>
            ))}
          </span>
          <button type="button" className="link-button" onClick={() => setAll(Number.POSITIVE_INFINITY)} data-testid="expand-all">
            {t('view.expandAll')}
          </button>
          <button type="button" className="link-button" onClick={() => setAll(0)} data-testid="collapse-all">
            {t('view.collapseAll')}
          </button>
        </div>
      )}
      <table className="plain-table">
        <thead>
          <tr>
            <th>{t('view.col.name')}</th>
            <th>{t('view.col.type')}</th>
            {kind !== 'response' && (
              <>
                <th>{t('view.col.required')}</th>
                <th>{t('view.col.maxLength')}</th>
              </>
            )}
            {!stacked && <th>{t('view.col.description')}</th>}
            <th>{t('view.col.example')}</th>
          </tr>
        </thead>
        <tbody>
          <Rows
            list={params}
            depth={0}
            kind={kind}
            prefix=""
            isOpen={isOpen}
            toggle={toggle}
            targets={targets}
            jump={jump}
            flash={flash}
            named={named}
            stacked={stacked}
          />
        </tbody>
      </table>
    </div>
  );
}

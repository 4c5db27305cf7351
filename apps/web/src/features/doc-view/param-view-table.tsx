/**
 * Read-only parameter table with nested rows and dictionary values for enums. Big operations stay readable:
 * the first level is open, deeper objects are collapsed (each branch toggles; expand/collapse all above the
 * table). A plain table rather than antd's Table keeps /view's JavaScript small.
 */
import type { DocParam, NamedExample } from '@folio/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { branchDepth, hasLongDescription, schemaRows } from './param-view-model';
import { type Kind, Rows } from './param-view-rows';

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

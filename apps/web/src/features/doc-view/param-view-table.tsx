/**
 * Read-only parameter table with nested rows and dictionary values for enums. Big operations stay readable:
 * the first level is open, deeper objects are collapsed (each branch toggles; expand/collapse all above the
 * table). A plain table rather than antd's Table keeps /view's JavaScript small.
 */
import type { DocParam } from '@folio/shared';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Description } from './description';

/** "name=value description" items of a param's dictionary, or its free enum text (plain text). */
export function enumText(p: DocParam): string {
  const items = p.enumInfo?.items ?? [];
  if (items.length) {
    return items
      .map((i) => `${i.name}${i.value && i.value !== i.name ? `=${i.value}` : ''}${i.description ? ` ${i.description}` : ''}`)
      .join('; ');
  }
  return p.enumContent ?? '';
}

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
}: {
  list: DocParam[];
  depth: number;
  kind: Kind;
  prefix: string;
  isOpen: (k: string, depth: number) => boolean;
  toggle: (k: string, depth: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.map((p, i) => {
        const key = `${prefix}${i}`;
        const kids = p.children ?? [];
        const closed = !isOpen(key, depth);
        const e = enumText(p);
        return (
          <Fragment key={key}>
            <tr data-depth={depth}>
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
              <td className="param-desc">
                <Description text={p.description} inline />
                {e && (
                  <div className="enum-values">
                    <span className="muted">{t('view.enumValues')}: </span>
                    <EnumValues p={p} />
                  </div>
                )}
              </td>
              <td className="param-example">{p.example}</td>
            </tr>
            {kids.length > 0 && !closed && (
              <Rows list={kids} depth={depth + 1} kind={kind} prefix={`${key}.`} isOpen={isOpen} toggle={toggle} />
            )}
          </Fragment>
        );
      })}
    </>
  );
}

export function ParamViewTable({ params, kind, testId }: { params: DocParam[]; kind: Kind; testId?: string }) {
  const { t } = useTranslation();
  // Open by default: the first level; "all"/"none" after expand/collapse all; single toggles override.
  const [mode, setMode] = useState<'first' | 'all' | 'none'>('first');
  const [overrides, setOverrides] = useState<Map<string, boolean>>(() => new Map());
  const isOpen = (k: string, depth: number) => overrides.get(k) ?? (mode === 'all' || (mode === 'first' && depth === 0));
  const toggle = (k: string, depth: number) => setOverrides((o) => new Map(o).set(k, !isOpen(k, depth)));
  const setAll = (m: 'all' | 'none') => {
    setMode(m);
    setOverrides(new Map());
  };
  const nested = params.some((p) => p.children?.some((c) => c.children?.length));
  return (
    <div className="param-view-table" data-testid={testId}>
      {nested && (
        <div className="param-tools">
          <button type="button" className="link-button" onClick={() => setAll('all')} data-testid="expand-all">
            {t('view.expandAll')}
          </button>
          <button type="button" className="link-button" onClick={() => setAll('none')} data-testid="collapse-all">
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
            <th>{t('view.col.description')}</th>
            <th>{t('view.col.example')}</th>
          </tr>
        </thead>
        <tbody>
          <Rows list={params} depth={0} kind={kind} prefix="" isOpen={isOpen} toggle={toggle} />
        </tbody>
      </table>
    </div>
  );
}

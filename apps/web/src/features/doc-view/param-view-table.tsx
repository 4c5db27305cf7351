/**
 * Read-only parameter table with nested rows (expanded by default, each branch collapsible) and dictionary
 * values for enums. A plain table rather than antd's Table keeps /view's JavaScript small.
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
  collapsed,
  toggle,
}: {
  list: DocParam[];
  depth: number;
  kind: Kind;
  prefix: string;
  collapsed: Set<string>;
  toggle: (k: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.map((p, i) => {
        const key = `${prefix}${i}`;
        const kids = p.children ?? [];
        const closed = collapsed.has(key);
        const e = enumText(p);
        return (
          <Fragment key={key}>
            <tr data-depth={depth}>
              <td className="param-name" style={{ paddingLeft: 8 + depth * 16 }}>
                {kids.length > 0 ? (
                  <button type="button" className="param-toggle" aria-expanded={!closed} onClick={() => toggle(key)}>
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
              <Rows list={kids} depth={depth + 1} kind={kind} prefix={`${key}.`} collapsed={collapsed} toggle={toggle} />
            )}
          </Fragment>
        );
      })}
    </>
  );
}

export function ParamViewTable({ params, kind, testId }: { params: DocParam[]; kind: Kind; testId?: string }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const toggle = (k: string) =>
    setCollapsed((c) => {
      const n = new Set(c);
      if (n.has(k)) n.delete(k);
      else n.add(k);
      return n;
    });
  return (
    <div className="param-view-table" data-testid={testId}>
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
          <Rows list={params} depth={0} kind={kind} prefix="" collapsed={collapsed} toggle={toggle} />
        </tbody>
      </table>
    </div>
  );
}

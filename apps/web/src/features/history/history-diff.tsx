/** How a doc's history shows what changed: the details of one change, and two versions side by side. */
import type { ChangeDetail, DocDetail, DocParam } from '@folio/shared';
import { Card, Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Tag colours of a change kind (0 changed, 1 added, 2 removed). */
export const KIND_COLORS = ['orange', 'green', 'red'];
const BG = { added: '#f6ffed', removed: '#fff1f0', changed: '#fffbe6' } as const;

const show = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('name' in o && 'type' in o) return `${o.name}: ${o.type}${o.required ? ' *' : ''}${o.description ? ` — ${o.description}` : ''}`;
    return JSON.stringify(v);
  }
  return String(v);
};

/** The field-level details of one change. */
export function DetailList({ details }: { details: ChangeDetail[] }) {
  const { t } = useTranslation();
  if (!details.length) return <Typography.Text type="secondary">{t('history.noDetails')}</Typography.Text>;
  return (
    <Table<ChangeDetail & { key: number }>
      size="small"
      pagination={false}
      dataSource={details.map((d, key) => ({ ...d, key }))}
      columns={[
        {
          title: t('history.field'),
          render: (_: unknown, d) => (
            <Space size={4}>
              <Tag color={KIND_COLORS[d.modifyType]}>{t(`history.kind.${d.modifyType}`)}</Tag>
              {d.paramPosition !== undefined && <span>{t(`history.pos.${d.paramPosition}`)}</span>}
              <span>{t(`history.pos.${d.positionType}`)}</span>
              <Typography.Text code>{d.targetName}</Typography.Text>
            </Space>
          ),
        },
        {
          title: t('history.old'),
          render: (_: unknown, d) => <span style={{ background: d.old !== null ? BG.removed : undefined }}>{show(d.old)}</span>,
        },
        {
          title: t('history.new'),
          render: (_: unknown, d) => <span style={{ background: d.new !== null ? BG.added : undefined }}>{show(d.new)}</span>,
        },
      ]}
    />
  );
}

const FIELDS: [keyof DocDetail, number][] = [
  ['name', 0],
  ['httpMethod', 1],
  ['url', 2],
  ['version', 8],
  ['contentType', 3],
  ['description', 4],
  ['deprecated', 5],
  ['author', 14],
  ['isRequestArray', 18],
  ['isResponseArray', 19],
];
const fieldText = (f: keyof DocDetail, v: unknown) => (f === 'deprecated' && v === '$false$' ? '' : show(v));
const LISTS: [keyof DocDetail, number][] = [
  ['pathParams', 40],
  ['headerParams', 41],
  ['queryParams', 42],
  ['requestParams', 43],
  ['responseParams', 44],
];

function flatten(ps: DocParam[] | undefined, prefix = '', depth = 0, out: { path: string; depth: number; p: DocParam }[] = []) {
  for (const p of ps ?? []) {
    const path = prefix ? `${prefix}.${p.name}` : p.name;
    out.push({ path, depth, p });
    flatten(p.children, path, depth + 1, out);
  }
  return out;
}

/** One line per parameter in the reader's words: type · required · max length · example — description. */
const paramText = (t: TFunction, p?: DocParam) =>
  p
    ? `${p.type}${p.required ? ` · ${t('history.param.required')}` : ''}${p.maxLength && p.maxLength !== '-' ? ` · ${t('history.param.maxLength', { 0: p.maxLength })}` : ''}${p.example ? ` · ${t('history.param.example', { 0: p.example })}` : ''}${p.description ? ` — ${p.description}` : ''}`
    : '';

/** Side-by-side view of two versions (`labels` names the two columns; default before / after). */
export function SideBySide({ a, b, labels }: { a: DocDetail; b: DocDetail; labels?: [string, string] }) {
  const { t } = useTranslation();
  const [oldTitle, newTitle] = labels ?? [t('history.old'), t('history.new')];
  const fieldRows = FIELDS.map(([f, pos]) => ({
    key: f,
    field: t(`history.pos.${pos}`),
    old: fieldText(f, a[f]),
    new: fieldText(f, b[f]),
  }));
  const sections = LISTS.map(([list, pos]) => {
    const left = flatten(a[list] as DocParam[]);
    const right = flatten(b[list] as DocParam[]);
    const lm = new Map(left.map((x) => [x.path, x]));
    const rm = new Map(right.map((x) => [x.path, x]));
    const rows = [
      ...right.map((r) => ({ key: `n:${r.path}`, path: r.path, depth: r.depth, old: lm.get(r.path)?.p, new: r.p })),
      ...left.filter((l) => !rm.has(l.path)).map((l) => ({ key: `o:${l.path}`, path: l.path, depth: l.depth, old: l.p, new: undefined })),
    ].map((r) => ({
      ...r,
      state: !r.old ? 'added' : !r.new ? 'removed' : paramText(t, r.old) !== paramText(t, r.new) ? 'changed' : '',
    }));
    return { list, pos, rows };
  }).filter((s) => s.rows.length);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        pagination={false}
        dataSource={fieldRows}
        columns={[
          { title: t('history.field'), dataIndex: 'field', width: 160 },
          { title: oldTitle, dataIndex: 'old', onCell: (r) => ({ style: r.old !== r.new ? { background: BG.removed } : {} }) },
          { title: newTitle, dataIndex: 'new', onCell: (r) => ({ style: r.old !== r.new ? { background: BG.added } : {} }) },
        ]}
      />
      {sections.map((s) => (
        <Card key={s.list} size="small" title={t(`history.pos.${s.pos}`)}>
          <Table
            size="small"
            pagination={false}
            dataSource={s.rows}
            // On a phone the three columns scroll sideways instead of squeezing old and new into a word per line.
            scroll={{ x: 640 }}
            columns={[
              {
                title: t('history.pos.50'),
                dataIndex: 'path',
                width: 220,
                render: (_: string, r) => (
                  <span style={{ paddingLeft: r.depth * 14 }}>
                    {r.new?.name ?? r.old?.name}{' '}
                    {r.state && (
                      <Tag color={r.state === 'added' ? 'green' : r.state === 'removed' ? 'red' : 'gold'}>
                        {t(`history.params.${r.state}`)}
                      </Tag>
                    )}
                  </span>
                ),
              },
              {
                title: oldTitle,
                render: (_: unknown, r) => paramText(t, r.old),
                onCell: (r) => ({
                  style:
                    r.state === 'removed' || r.state === 'changed' ? { background: r.state === 'removed' ? BG.removed : BG.changed } : {},
                }),
              },
              {
                title: newTitle,
                render: (_: unknown, r) => paramText(t, r.new),
                onCell: (r) => ({
                  style: r.state === 'added' || r.state === 'changed' ? { background: r.state === 'added' ? BG.added : BG.changed } : {},
                }),
              },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}

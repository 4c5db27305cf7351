/** Read-only parameter table with nested rows (expanded by default) and dictionary values for enums. */
import type { DocParam } from '@folio/shared';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface Row {
  key: string;
  p: DocParam;
  children?: Row[];
}

function toRows(list: DocParam[], prefix: string): Row[] {
  return list.map((p, i) => {
    const key = `${prefix}${i}`;
    const kids = p.children?.length ? toRows(p.children, `${key}.`) : undefined;
    return { key, p, children: kids };
  });
}

/** "name=value description" items of a param's dictionary, or its free enum text. */
function enumText(p: DocParam): string {
  const items = p.enumInfo?.items ?? [];
  if (items.length)
    return items
      .map((i) => `${i.name}${i.value && i.value !== i.name ? `=${i.value}` : ''}${i.description ? ` ${i.description}` : ''}`)
      .join('; ');
  return p.enumContent ?? '';
}

export function ParamViewTable({
  params,
  kind,
  testId,
}: {
  params: DocParam[];
  kind: 'header' | 'path' | 'query' | 'request' | 'response';
  testId?: string;
}) {
  const { t } = useTranslation();
  const rows = useMemo(() => toRows(params, ''), [params]);
  const columns = useMemo(() => {
    const cols: ColumnsType<Row> = [
      {
        title: t('view.col.name'),
        key: 'name',
        render: (_, r) => <span className="param-name">{r.p.name}</span>,
      },
      { title: t('view.col.type'), key: 'type', width: 110, render: (_, r) => r.p.type },
    ];
    if (kind !== 'response') {
      cols.push({
        title: t('view.col.required'),
        key: 'required',
        width: 80,
        render: (_, r) => (r.p.required ? <Tag color="red">{t('view.yes')}</Tag> : <Tag>{t('view.no')}</Tag>),
      });
      cols.push({ title: t('view.col.maxLength'), key: 'maxLength', width: 90, render: (_, r) => r.p.maxLength });
    }
    cols.push({
      title: t('view.col.description'),
      key: 'description',
      render: (_, r) => {
        const e = enumText(r.p);
        return (
          <span>
            {r.p.description}
            {e && (
              <div className="enum-values">
                <Typography.Text type="secondary">{t('view.enumValues')}: </Typography.Text>
                {e}
              </div>
            )}
          </span>
        );
      },
    });
    cols.push({ title: t('view.col.example'), key: 'example', render: (_, r) => <span className="param-example">{r.p.example}</span> });
    return cols;
  }, [kind, t]);
  return (
    <Table<Row>
      size="small"
      bordered
      pagination={false}
      rowKey="key"
      columns={columns}
      dataSource={rows}
      expandable={{ defaultExpandAllRows: true, indentSize: 16 }}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      className="param-view-table"
    />
  );
}

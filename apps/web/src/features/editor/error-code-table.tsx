/** Editable error codes of a doc: code, message, solution. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ErrorCodeParam } from '@folio/shared';
import { Button, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';

type Row = ErrorCodeParam & { key: string };
let seq = 0;

export function ErrorCodeTable({ value, onChange }: { value: Row[]; onChange: (v: Row[]) => void }) {
  const { t } = useTranslation();
  const set = (key: string, patch: Partial<Row>) => onChange(value.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <>
      <Table<Row>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={value}
        locale={{ emptyText: t('code.noErrorCodes') }}
        columns={[
          {
            title: t('code.code'),
            dataIndex: 'code',
            width: 180,
            render: (v, r) => <Input size="small" value={v} onChange={(e) => set(r.key, { code: e.target.value })} />,
          },
          {
            title: t('code.msg'),
            dataIndex: 'msg',
            render: (v, r) => <Input size="small" value={v} onChange={(e) => set(r.key, { msg: e.target.value })} />,
          },
          {
            title: t('code.solution'),
            dataIndex: 'solution',
            render: (v, r) => <Input size="small" value={v} onChange={(e) => set(r.key, { solution: e.target.value })} />,
          },
          {
            title: '',
            key: 'op',
            width: 48,
            render: (_, r) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => onChange(value.filter((x) => x.key !== r.key))}
              />
            ),
          },
        ]}
      />
      <Button
        size="small"
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => onChange([...value, { key: `c${Date.now()}${seq++}`, code: '', msg: '', solution: '' }])}
      >
        {t('code.addCode')}
      </Button>
    </>
  );
}

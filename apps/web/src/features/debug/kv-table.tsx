/** An editable list of name/value rows (query, path, headers, form and multipart fields with files). */
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Row, row } from './debug-request';

export function KvTable({
  rows,
  onChange,
  files = false,
  testId,
}: {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  /** Offer text/file per row (multipart). */
  files?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const patch = (key: string, p: Partial<Row>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...p } : r)));
  return (
    <div data-testid={testId}>
      {rows.map((r) => (
        <Space.Compact key={r.key} style={{ display: 'flex', marginBottom: 6 }}>
          <Checkbox checked={r.enabled} onChange={(e) => patch(r.key, { enabled: e.target.checked })} style={{ padding: '4px 8px' }} />
          <Input
            placeholder={t('debug.name')}
            value={r.name}
            onChange={(e) => patch(r.key, { name: e.target.value })}
            style={{ width: '32%' }}
            data-testid="kv-name"
          />
          {files && (
            <Select
              value={r.kind ?? 'text'}
              onChange={(v) => patch(r.key, { kind: v, files: v === 'file' ? r.files : undefined })}
              options={[
                { value: 'text', label: t('debug.text') },
                { value: 'file', label: t('debug.file') },
              ]}
              style={{ width: 90 }}
            />
          )}
          {files && r.kind === 'file' ? (
            <label
              className="ant-btn ant-btn-default"
              style={{ flex: 1, display: 'flex', alignItems: 'center', gap: 6, cursor: 'pointer' }}
            >
              <UploadOutlined />
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {r.files?.length ? r.files.map((f) => f.name).join(', ') : t('debug.chooseFile')}
              </span>
              <input
                type="file"
                multiple
                hidden
                onChange={(e) => patch(r.key, { files: Array.from(e.target.files ?? []) })}
                data-testid="kv-file"
              />
            </label>
          ) : (
            <Input
              placeholder={t('debug.value')}
              value={r.value}
              onChange={(e) => patch(r.key, { value: e.target.value })}
              style={{ flex: 1 }}
              data-testid="kv-value"
            />
          )}
          <Button icon={<DeleteOutlined />} onClick={() => onChange(rows.filter((x) => x.key !== r.key))} aria-label={t('debug.remove')} />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...rows, row()])}>
        {t('debug.add')}
      </Button>
    </div>
  );
}

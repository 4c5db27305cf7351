/** The error-code table of an application, edited in place and saved whole. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ParamStyle } from '@folio/shared';
import { Alert, Button, Input, Skeleton, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { useUnsavedEdits } from '../../lib/unsaved';
import { useCommonParamsQuery, useSaveCommonParamsMutation } from '../application/api';

interface CodeRow {
  key: string;
  code: string;
  msg: string;
  solution: string;
}

let rowSeq = 0;

/** An application's error codes (its common params of style CODE: name=code, description=msg, example=solution). */
export function ErrorCodeEditor({ moduleId, canEdit }: { moduleId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useCommonParamsQuery(moduleId, ParamStyle.CODE);
  const save = useSaveCommonParamsMutation(moduleId, ParamStyle.CODE);
  const [rows, setRows] = useState<CodeRow[] | null>(null);
  useUnsavedEdits(rows !== null);
  const loaded = useMemo(
    () => (data ?? []).map((p) => ({ key: `r${rowSeq++}`, code: p.name, msg: p.description ?? '', solution: p.example ?? '' })),
    [data],
  );
  const current: CodeRow[] = rows ?? loaded;
  const update = (k: string, patch: Partial<CodeRow>) => setRows(current.map((r) => (r.key === k ? { ...r, ...patch } : r)));
  if (isLoading) return <Skeleton active />;
  if (isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('code.codesLoadFailed')}
        action={<Button onClick={() => refetch()}>{t('common.reload')}</Button>}
      />
    );
  return (
    <div data-testid="module-error-codes">
      <Table<CodeRow>
        size="small"
        rowKey="key"
        dataSource={current}
        pagination={false}
        locale={{ emptyText: t('code.noErrorCodes') }}
        columns={[
          {
            title: t('code.code'),
            dataIndex: 'code',
            width: 180,
            render: (v, r) =>
              canEdit ? (
                <Input value={v} maxLength={128} aria-label={t('code.code')} onChange={(e) => update(r.key, { code: e.target.value })} />
              ) : (
                v
              ),
          },
          {
            title: t('code.msg'),
            dataIndex: 'msg',
            render: (v, r) =>
              canEdit ? <Input value={v} aria-label={t('code.msg')} onChange={(e) => update(r.key, { msg: e.target.value })} /> : v,
          },
          {
            title: t('code.solution'),
            dataIndex: 'solution',
            render: (v, r) =>
              canEdit ? (
                <Input value={v} aria-label={t('code.solution')} onChange={(e) => update(r.key, { solution: e.target.value })} />
              ) : (
                v
              ),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'op',
                  width: 48,
                  render: (_: unknown, r: CodeRow) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('common.delete')}
                      onClick={() => setRows(current.filter((x) => x.key !== r.key))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {canEdit && (
        <Space style={{ marginTop: 12 }}>
          <Button icon={<PlusOutlined />} onClick={() => setRows([...current, { key: `r${rowSeq++}`, code: '', msg: '', solution: '' }])}>
            {t('code.addCode')}
          </Button>
          <Button
            type="primary"
            disabled={rows === null}
            onClick={async () => {
              if (current.some((r) => !r.code.trim())) {
                ui.message?.error(t('code.codeRequired'));
                return;
              }
              const codes = current.map((r) => r.code.trim());
              if (new Set(codes).size !== codes.length) {
                ui.message?.error(t('code.codeDuplicate'));
                return;
              }
              try {
                await save.mutateAsync(
                  current.map((r, i) => ({
                    name: r.code.trim(),
                    description: r.msg,
                    example: r.solution,
                    type: 'string',
                    required: 0,
                    maxLength: '',
                    orderIndex: (i + 1) * 10,
                    children: [],
                  })),
                );
                setRows(null);
                ui.message?.success(t('common.saved'));
              } catch (e) {
                showError(e);
              }
            }}
          >
            {t('common.save')}
          </Button>
        </Space>
      )}
    </div>
  );
}

/**
 * Constants and error codes (project admin or dev): the project's constants page, and per application
 * its constants page and error-code table (module common params of style code 4: name=code, description=msg,
 * example=solution).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ParamStyle } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Result, Select, Skeleton, Space, Table, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Markdown } from '../../components/markdown';
import { MarkdownEditor } from '../../components/markdown-editor';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { queryClient } from '../../lib/query';
import { ui } from '../../lib/ui';
import { useUnsavedEdits } from '../../lib/unsaved';
import { useCommonParamsQuery, useSaveCommonParamsMutation } from '../application/api';
import { useModules } from '../docs/docs-api';

/** Reads the constants answer: a string, or an object carrying `content`. */
function constantText(r: unknown): string {
  if (typeof r === 'string') return r;
  if (r && typeof r === 'object' && 'content' in r) return String((r as { content: unknown }).content ?? '');
  return '';
}

function ConstantsEditor({ scope, id, canEdit }: { scope: 'projectId' | 'moduleId'; id: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const key = ['constant', scope, id];
  const { data, isLoading } = useQuery({
    queryKey: key,
    queryFn: async () => constantText(await api.get<unknown>('constant/get', { [scope]: id })),
  });
  const [text, setText] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  useUnsavedEdits(editing && text !== null && text !== data);
  if (isLoading) return <Skeleton active />;
  const value = text ?? data ?? '';
  if (!editing) {
    return (
      <div>
        {canEdit && (
          <Button onClick={() => setEditing(true)} style={{ marginBottom: 12 }}>
            {t('common.edit')}
          </Button>
        )}
        {value ? <Markdown source={value} /> : <Empty description={t('code.noConstants')} />}
      </div>
    );
  }
  return (
    <div>
      <MarkdownEditor value={value} onChange={setText} height={360} />
      <Space style={{ marginTop: 12 }}>
        <Button
          type="primary"
          onClick={async () => {
            try {
              await api.post('constant/save', { [scope]: id, content: value });
              await queryClient.invalidateQueries({ queryKey: key });
              setText(null);
              setEditing(false);
              ui.message?.success(t('common.saved'));
            } catch (e) {
              showError(e);
            }
          }}
        >
          {t('common.save')}
        </Button>
        <Button
          onClick={() => {
            setText(null);
            setEditing(false);
          }}
        >
          {t('common.cancel')}
        </Button>
      </Space>
    </div>
  );
}

interface CodeRow {
  key: string;
  code: string;
  msg: string;
  solution: string;
}

let rowSeq = 0;

function ErrorCodeEditor({ moduleId, canEdit }: { moduleId: string; canEdit: boolean }) {
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

export function ProjectCodePage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const can = useCan();
  const modules = useModules(projectId);
  const [moduleId, setModuleId] = useState<string>();
  const mid = moduleId ?? modules.data?.[0]?.id;
  if (!can('project.readCode', projectId)) return <Result status="403" title={t('common.noPermission')} />;
  const canEdit = can('constant.update', projectId);
  return (
    <div className="page">
      <PageHeader title={t('project.code')} />
      <Tabs
        items={[
          {
            key: 'project',
            label: t('code.projectConstants'),
            children: (
              <Card>
                <ConstantsEditor key={projectId} scope="projectId" id={projectId} canEdit={canEdit} />
              </Card>
            ),
          },
          {
            key: 'module',
            label: t('code.moduleCodes'),
            children: (
              <Card
                title={
                  <Select
                    value={mid}
                    onChange={setModuleId}
                    style={{ minWidth: 220 }}
                    placeholder={t('module.select')}
                    options={(modules.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                  />
                }
              >
                {mid ? (
                  <Tabs
                    size="small"
                    items={[
                      {
                        key: 'codes',
                        label: t('code.errorCodes'),
                        children: <ErrorCodeEditor key={mid} moduleId={mid} canEdit={canEdit} />,
                      },
                      {
                        key: 'constants',
                        label: t('code.moduleConstants'),
                        children: <ConstantsEditor key={mid} scope="moduleId" id={mid} canEdit={canEdit} />,
                      },
                    ]}
                  />
                ) : (
                  <Empty description={t('module.none')} />
                )}
              </Card>
            ),
          },
        ]}
      />
    </div>
  );
}

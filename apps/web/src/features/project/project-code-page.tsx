/**
 * Constants and error codes (project admin or dev): the project's constants page, and per application
 * its constants page and error-code table (module common params of style code 4: name=code, description=msg,
 * example=solution).
 */
import { Button, Card, Empty, Result, Select, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Markdown } from '../../components/markdown';
import { MarkdownEditor } from '../../components/markdown-editor';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { useUnsavedEdits } from '../../lib/unsaved';
import { useModules } from '../docs/docs-api';
import { useConstantQuery, useSaveConstantMutation } from './constants-api';
import { ErrorCodeEditor } from './error-code-editor';

function ConstantsEditor({ scope, id, canEdit }: { scope: 'projectId' | 'moduleId'; id: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useConstantQuery({ scope, id });
  const save = useSaveConstantMutation({ scope, id });
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
              await save.mutateAsync(value);
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

/**
 * /project/doc/{projectId}: application management. An application bar (pick, create), then tabs: the doc
 * tree with the selected doc, application settings, shares and dictionaries. The last application opened
 * is remembered per project; `?moduleId=&docId=` keep the selection in the URL.
 */
import { AppstoreAddOutlined, CopyOutlined, DeleteOutlined, EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { DocStatus, DocType, isDeprecated } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Form, Input, Modal, Result, Select, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { api } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { queryClient } from '../../lib/query';
import { lastModuleOf, rememberModule } from '../../lib/storage';
import { ui } from '../../lib/ui';
import { useAddModuleMutation } from '../application/api';
import { DocView } from '../doc-view/doc-view';
import { ExportDialog } from '../import-export/export-dialog';
import { ImportDialog } from '../import-export/import-dialog';
import { fetchViewProjects } from '../project/project-api';
import { useIsMobile } from '../shell/sidebar';
import { notifyDeleted } from '../trash/trash-api';
import { DictionaryPanel } from './dictionary-panel';
import { DocTreePanel, editPathOf } from './doc-tree-panel';
import { invalidateModule, useDocDetail, useModules } from './docs-api';
import { ModuleSettings } from './module-settings';
import { PaneResizer, usePaneWidth } from './pane-resizer';
import { SharePanel } from './share-panel';

function CreateModuleDialog({ projectId, open, onClose }: { projectId: string; open: boolean; onClose: (id?: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const add = useAddModuleMutation(projectId);
  return (
    <Modal
      open={open}
      title={t('module.create')}
      destroyOnHidden
      onCancel={() => onClose()}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          const r = await add.mutateAsync(v.name.trim());
          form.resetFields();
          onClose(r.id);
        } catch (e) {
          showError(e, form);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('module.name')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('validation.notEmptyLength', { 0: 64 }) }]}
        >
          <Input autoFocus data-testid="module-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Jumps to another project, grouped by space (the space selector of the doc tree). */
function ProjectSwitcher({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['viewProjects'], queryFn: fetchViewProjects, staleTime: 60_000 });
  const groups = new Map<string, { label: string; options: { value: string; label: string }[] }>();
  for (const p of data ?? []) {
    const g = groups.get(p.spaceId) ?? { label: p.spaceName, options: [] };
    g.options.push({ value: p.id, label: p.name });
    groups.set(p.spaceId, g);
  }
  return (
    <Select
      value={projectId}
      style={{ minWidth: 200 }}
      popupMatchSelectWidth={false}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('module.switchProject')}
      options={[...groups.values()]}
      onChange={(id) => navigate(`/project/doc/${id}`)}
      data-testid="project-switcher"
    />
  );
}

const STATUS_OPTIONS = [
  { value: DocStatus.TODO, key: 'doc.statusTodo' },
  { value: DocStatus.DOING, key: 'doc.statusDoing' },
  { value: DocStatus.DONE, key: 'doc.statusDone' },
];

/** The selected doc: actions bar and the reader's view. */
function SelectedDoc({
  moduleId,
  docId,
  canWrite,
  onDeleted,
}: {
  moduleId: string;
  docId: string;
  canWrite: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: doc, isLoading, error } = useDocDetail(docId);
  if (isLoading) return <Skeleton active />;
  if (error || !doc) return <Result status="404" title={t('doc.notFound')} />;
  const textDoc = doc.type === DocType.CUSTOM || doc.type === DocType.MARKDOWN;
  return (
    <div className="selected-doc">
      <Flex justify="space-between" align="center" wrap gap={8} className="selected-doc-bar">
        <Space wrap>
          <Typography.Text type="secondary" copyable={{ text: doc.id }}>
            ID {doc.id}
          </Typography.Text>
          {!!doc.isLocked && (
            <Tag icon={<LockOutlined />} color="gold">
              {t('doc.locked')}
            </Tag>
          )}
          {isDeprecated(doc.deprecated) && <Tag color="red">{t('doc.deprecated')}</Tag>}
        </Space>
        {canWrite && (
          <Space wrap>
            <Select
              size="small"
              value={doc.status}
              aria-label={t('doc.status')}
              style={{ width: 110 }}
              options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: t(o.key) }))}
              onChange={async (status) => {
                try {
                  await api.post('doc/status/update', { id: doc.id, status });
                  invalidateModule(moduleId);
                } catch (e) {
                  showError(e);
                }
              }}
            />
            <Button
              size="small"
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(editPathOf(moduleId, { id: doc.id, docType: doc.type }))}
              data-testid="doc-edit"
            >
              {t('common.edit')}
            </Button>
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={() => navigate(textDoc ? `/doc/copy_custom/${moduleId}/${doc.id}` : `/doc/copy/${moduleId}/${doc.id}`)}
            >
              {t('doc.copy')}
            </Button>
            <Button
              size="small"
              icon={doc.isLocked ? <UnlockOutlined /> : <LockOutlined />}
              onClick={async () => {
                try {
                  await api.post(doc.isLocked ? 'doc/unlock' : 'doc/lock', { id: doc.id });
                  ui.message?.success(doc.isLocked ? t('doc.unlocked') : t('doc.locked'));
                  invalidateModule(moduleId);
                } catch (e) {
                  showError(e);
                }
              }}
            >
              {doc.isLocked ? t('doc.unlock') : t('doc.lock')}
            </Button>
            <Button
              size="small"
              danger
              data-testid="doc-delete"
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmAction({
                  title: t('doc.deleteConfirm', { 0: doc.name }),
                  run: async () => {
                    const r = await api.post<{ trashId: string }>('doc/delete', { id: doc.id });
                    // Leave the deleted doc first, so nothing asks for it again (and shows "not found").
                    onDeleted();
                    queryClient.removeQueries({ queryKey: ['doc', doc.id] });
                    invalidateModule(moduleId);
                    notifyDeleted(r?.trashId, () => invalidateModule(moduleId));
                  },
                })
              }
            >
              {t('common.delete')}
            </Button>
          </Space>
        )}
      </Flex>
      <DocView docId={doc.id} />
    </div>
  );
}

export function ProjectDocPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const can = useCan();
  const mobile = useIsMobile();
  const modules = useModules(projectId);
  const [creating, setCreating] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [exportScope, setExportScope] = useState<{ docIds?: string[]; folderId?: string; moduleId?: string } | null>(null);

  const list = modules.data ?? [];
  const wanted = search.get('moduleId') || lastModuleOf(projectId);
  const current = list.find((m) => m.id === wanted) ?? list[0];
  const moduleId = current?.id ?? '';
  const docId = search.get('docId') ?? '';
  const tab = search.get('tab') ?? 'docs';
  const canWrite = can('doc.update', projectId);
  const [treeWidth, setTreeWidth] = usePaneWidth('folio.treeWidth', 340);

  useEffect(() => {
    if (moduleId) rememberModule(projectId, moduleId);
  }, [projectId, moduleId]);
  // On a phone the doc sits below the tree: bring it into view when one is picked.
  useEffect(() => {
    if (mobile && docId) document.querySelector('.doc-workspace-main')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [mobile, docId]);

  const setParams = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSearch(next, { replace: false });
  };

  if (modules.isLoading) return <Skeleton active className="page" />;

  if (!list.length) {
    return (
      <div className="page">
        <Empty description={t('module.none')} style={{ marginTop: 64 }}>
          {can('module.create', projectId) && (
            <Button type="primary" icon={<AppstoreAddOutlined />} onClick={() => setCreating(true)} data-testid="create-module">
              {t('module.create')}
            </Button>
          )}
          {can('module.import', projectId) && (
            <Button style={{ marginLeft: 8 }} onClick={() => setImportOpen(true)}>
              {t('doc.import')}
            </Button>
          )}
        </Empty>
        <CreateModuleDialog
          projectId={projectId}
          open={creating}
          onClose={(id) => {
            setCreating(false);
            if (id) setParams({ moduleId: id, docId: null });
          }}
        />
        <ImportDialog
          open={importOpen}
          projectId={projectId}
          onClose={(mid) => {
            setImportOpen(false);
            queryClient.invalidateQueries({ queryKey: ['modules', projectId] });
            if (mid) setParams({ moduleId: mid });
          }}
        />
      </div>
    );
  }

  return (
    <div className="doc-page">
      <Flex className="module-bar" align="center" gap={8} wrap>
        <ProjectSwitcher projectId={projectId} />
        {!mobile && <Typography.Text type="secondary">{t('module.current')}</Typography.Text>}
        <Select
          value={moduleId}
          style={{ minWidth: 200 }}
          onChange={(id) => setParams({ moduleId: id, docId: null })}
          options={list.map((m) => ({ value: m.id, label: m.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('module.current')}
          data-testid="module-select"
        />
        {can('module.create', projectId) && (
          <Button icon={<AppstoreAddOutlined />} onClick={() => setCreating(true)} data-testid="create-module">
            {!mobile && t('module.create')}
          </Button>
        )}
      </Flex>
      <Tabs
        className="doc-page-tabs"
        activeKey={tab}
        onChange={(k) => setParams({ tab: k === 'docs' ? null : k })}
        items={[
          {
            key: 'docs',
            label: t('doc.list'),
            children: (
              <div className={`doc-workspace${mobile ? ' mobile' : ''}`}>
                <div className="doc-workspace-tree" style={mobile ? undefined : { width: treeWidth }}>
                  <DocTreePanel
                    projectId={projectId}
                    moduleId={moduleId}
                    selectedId={docId}
                    canWrite={canWrite}
                    onSelect={(n) => setParams({ docId: n.id })}
                    onImport={() => setImportOpen(true)}
                    onExport={(scope) => setExportScope(scope.docIds || scope.folderId ? scope : { moduleId })}
                  />
                </div>
                {!mobile && <PaneResizer width={treeWidth} onResize={setTreeWidth} />}
                <div className="doc-workspace-main">
                  {docId ? (
                    <SelectedDoc moduleId={moduleId} docId={docId} canWrite={canWrite} onDeleted={() => setParams({ docId: null })} />
                  ) : (
                    <Empty description={t('doc.pickOne')} style={{ marginTop: 64 }} />
                  )}
                </div>
              </div>
            ),
          },
          {
            key: 'settings',
            label: t('module.settings'),
            children: current ? (
              <ModuleSettings
                module={current}
                projectId={projectId}
                onDeleted={() => setParams({ moduleId: null, docId: null, tab: null })}
              />
            ) : null,
          },
          ...(can('share.manage', projectId)
            ? [{ key: 'shares', label: t('share.title'), children: <SharePanel moduleId={moduleId} canManage /> }]
            : []),
          {
            key: 'dict',
            label: t('dict.title'),
            children: <DictionaryPanel moduleId={moduleId} canEdit={can('dictionary.update', projectId)} />,
          },
        ]}
      />
      <CreateModuleDialog
        projectId={projectId}
        open={creating}
        onClose={(id) => {
          setCreating(false);
          if (id) setParams({ moduleId: id, docId: null });
        }}
      />
      <ImportDialog
        open={importOpen}
        projectId={projectId}
        moduleId={moduleId}
        onClose={(mid) => {
          setImportOpen(false);
          queryClient.invalidateQueries({ queryKey: ['modules', projectId] });
          invalidateModule(mid ?? moduleId);
          if (mid && mid !== moduleId) setParams({ moduleId: mid, docId: null });
        }}
      />
      <ExportDialog open={!!exportScope} scope={exportScope ?? {}} onClose={() => setExportScope(null)} />
    </div>
  );
}

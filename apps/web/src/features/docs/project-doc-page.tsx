/**
 * /project/doc/{projectId}: application management. An application bar (pick, create), then tabs: the doc
 * tree with the selected doc, application settings, shares and dictionaries. The last application opened
 * is remembered per project; `?moduleId=&docId=` keep the selection in the URL.
 */
import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useCan } from '../../lib/auth';
import { queryClient } from '../../lib/query';
import { lastModuleOf, rememberModule } from '../../lib/storage';
import { ExportDialog } from '../import-export/export-dialog';
import { ImportDialog } from '../import-export/import-dialog';
import { useIsMobile } from '../shell/sidebar';
import { CreateModuleDialog } from './create-module-dialog';
import { DictionaryPanel } from './dictionary-panel';
import { DocTreePanel } from './doc-tree-panel';
import { invalidateModule, useModules } from './docs-api';
import { ModuleBar } from './module-bar';
import { ModuleSettings } from './module-settings';
import { PaneResizer, usePaneWidth } from './pane-resizer';
import { SelectedDoc } from './selected-doc';
import { SharePanel } from './share-panel';

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
      <ModuleBar
        projectId={projectId}
        modules={list}
        moduleId={moduleId}
        mobile={mobile}
        onPick={(id) => setParams({ moduleId: id, docId: null })}
        onCreate={can('module.create', projectId) ? () => setCreating(true) : undefined}
      />
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

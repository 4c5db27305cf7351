/** Picking docs and folders of any readable project into a compose project, under one of its folders. */
import type { TreeNode } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Modal, Select, Space, Tree, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { useAddComposeDocsMutation, useProjectDocTreeQuery } from '../compose/api';
import { DocTreeTitle } from '../docs/doc-tree-node';
import { fetchViewProjects } from '../project/project-api';
import type { ComposeRow } from './compose-rows';

export interface FolderOpt {
  value: string;
  title: string;
  children: FolderOpt[];
}
/** The own folders of a compose project, as a TreeSelect's options. */
export const folderOptions = (rows: ComposeRow[]): FolderOpt[] =>
  rows
    .filter((r) => r.isFolder && !r.docId)
    .map((r) => ({ value: r.id, title: r.folderName || r.name, children: folderOptions(r.children ?? []) }));

/** Picks docs and folders of any readable project. */
export function AddDocsDialog({
  projectId,
  open,
  folders,
  onClose,
}: {
  projectId: string;
  open: boolean;
  folders: FolderOpt[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const projects = useQuery({
    queryKey: ['viewProjects'],
    queryFn: fetchViewProjects,
    enabled: open,
  });
  const [source, setSource] = useState<string>();
  const [checked, setChecked] = useState<string[]>([]);
  const [parentId, setParentId] = useState('');
  const tree = useProjectDocTreeQuery(source);
  const add = useAddComposeDocsMutation(projectId);
  const toData = (nodes: TreeNode[]): { key: string; title: React.ReactNode; children?: unknown[]; checkable?: boolean }[] =>
    nodes.map((n) => ({
      key: n.id,
      title: <DocTreeTitle node={n} />,
      checkable: n.type !== 0 && n.type !== 1,
      children: n.children?.length ? toData(n.children) : undefined,
    }));
  return (
    <Modal
      open={open}
      width={720}
      title={t('compose.addDocs')}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        if (!checked.length) {
          ui.message?.error(t('validation.tickDocs'));
          return;
        }
        try {
          await add.mutateAsync({ parentId, docIds: checked });
          setChecked([]);
          onClose();
        } catch (e) {
          showError(e);
        }
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('compose.pickProject')}
          style={{ width: '100%' }}
          value={source}
          onChange={(v) => {
            setSource(v);
            setChecked([]);
          }}
          loading={projects.isLoading}
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.spaceName} / ${p.name}` }))}
        />
        {source && (
          <div className="share-tree">
            <Tree
              key={`${source}-${tree.dataUpdatedAt}`}
              checkable
              virtual
              height={300}
              defaultExpandAll
              treeData={toData(tree.data ?? []) as never}
              checkedKeys={checked}
              onCheck={(k) => setChecked((Array.isArray(k) ? k : k.checked) as string[])}
            />
          </div>
        )}
        <Typography.Text type="secondary">{t('compose.targetFolder')}</Typography.Text>
        <TreeSelect
          style={{ width: '100%' }}
          value={parentId}
          onChange={(v) => setParentId(v ?? '')}
          treeDefaultExpandAll
          treeData={[{ value: '', title: t('folder.root'), children: folders }]}
        />
      </Space>
    </Modal>
  );
}

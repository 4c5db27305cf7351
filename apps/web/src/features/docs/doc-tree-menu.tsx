/** The doc tree's node menu (items and actions) and its view controls (expand, collapse, paths, checkboxes). */
import { CheckSquareOutlined, NodeCollapseOutlined, NodeExpandOutlined, SwapOutlined } from '@ant-design/icons';
import type { TreeNode } from '@folio/shared';
import { Button, type MenuProps, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { NavigateFunction } from 'react-router';
import type { TreeLabelMode } from './doc-tree-node';
import type { useDocActions } from './use-doc-actions';

/** The actions menu of a node (folder or doc); writes are disabled without the right. */
export const nodeMenuItems = (t: TFunction, n: TreeNode, canWrite: boolean): MenuProps['items'] =>
  n.isFolder
    ? [
        { key: 'newDoc', label: t('doc.newHttpHere'), disabled: !canWrite },
        { key: 'newMarkdown', label: t('doc.newMarkdownHere'), disabled: !canWrite },
        { key: 'newFolder', label: t('folder.newSub'), disabled: !canWrite },
        { key: 'rename', label: t('folder.rename'), disabled: !canWrite },
        { key: 'move', label: t('doc.move'), disabled: !canWrite },
        { key: 'export', label: t('doc.export') },
        { type: 'divider' },
        { key: 'delete', label: t('common.delete'), danger: true, disabled: !canWrite },
      ]
    : [
        { key: 'edit', label: t('common.edit'), disabled: !canWrite },
        { key: 'copy', label: t('doc.copy'), disabled: !canWrite },
        { key: 'move', label: t('doc.move'), disabled: !canWrite },
        { key: n.isLocked ? 'unlock' : 'lock', label: n.isLocked ? t('doc.unlock') : t('doc.lock'), disabled: !canWrite },
        { type: 'divider' },
        { key: 'delete', label: t('common.delete'), danger: true, disabled: !canWrite },
      ];

/** What a node action needs from the panel. */
export interface NodeActionContext {
  navigate: NavigateFunction;
  moduleId: string;
  tree: TreeNode[];
  actions: ReturnType<typeof useDocActions>;
  onExport: (scope: { folderId: string }) => void;
}

/** Runs a node menu action. */
export function runNodeAction(key: string, n: TreeNode, ctx: NodeActionContext) {
  const { navigate, moduleId, tree, actions, onExport } = ctx;
  switch (key) {
    case 'newDoc':
      return navigate(`/doc/new/${moduleId}/${n.id}`);
    case 'newMarkdown':
      return navigate(`/doc/new/${moduleId}/${n.id}?type=markdown`);
    case 'newFolder':
      return actions.createFolder(n.id);
    case 'rename':
      return actions.renameFolder(n);
    case 'move':
      return actions.move(n, tree);
    case 'export':
      return onExport({ folderId: n.id });
    case 'delete':
      return actions.remove(n);
    case 'edit':
      return navigate(actions.editPath(n));
    case 'copy':
      return navigate(actions.copyPath(n));
    case 'lock':
    case 'unlock':
      return actions.setLocked(n, key === 'lock');
  }
}

/** Expand all, collapse all, names or paths, checkboxes. */
export function TreeViewControls({
  onExpandAll,
  onCollapseAll,
  labelMode,
  onLabelMode,
  checkable,
  onCheckable,
}: {
  onExpandAll: () => void;
  onCollapseAll: () => void;
  labelMode: TreeLabelMode;
  onLabelMode: (m: TreeLabelMode) => void;
  checkable: boolean;
  onCheckable: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('tree.expandAll')}>
        <Button size="small" type="text" icon={<NodeExpandOutlined />} onClick={onExpandAll} aria-label={t('tree.expandAll')} />
      </Tooltip>
      <Tooltip title={t('tree.collapseAll')}>
        <Button size="small" type="text" icon={<NodeCollapseOutlined />} onClick={onCollapseAll} aria-label={t('tree.collapseAll')} />
      </Tooltip>
      <Tooltip title={labelMode === 'name' ? t('tree.showPaths') : t('tree.showNames')}>
        <Button
          size="small"
          type={labelMode === 'path' ? 'primary' : 'text'}
          icon={<SwapOutlined />}
          onClick={() => onLabelMode(labelMode === 'name' ? 'path' : 'name')}
          aria-label={labelMode === 'name' ? t('tree.showPaths') : t('tree.showNames')}
          data-testid="tree-label-mode"
        />
      </Tooltip>
      <Tooltip title={t('tree.checkable')}>
        <Button
          size="small"
          type={checkable ? 'primary' : 'text'}
          icon={<CheckSquareOutlined />}
          onClick={() => onCheckable(!checkable)}
          aria-label={t('tree.checkable')}
        />
      </Tooltip>
    </>
  );
}

/** Folder and doc actions of the tree: create/rename folder, move, delete (folders ask and send the flag), lock. */
import { DocType, type TreeNode } from '@folio/shared';
import { Checkbox, Form, Input, Modal, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { showError } from '../../lib/errors';
import { countDocs, findNode } from '../../lib/tree-filter';
import { ui } from '../../lib/ui';
import { notifyDeleted } from '../trash/trash-api';
import {
  invalidateModule,
  useAddFolderMutation,
  useDeleteDocMutation,
  useDocLockMutation,
  useMoveDocMutation,
  useRenameFolderMutation,
} from './docs-api';

export interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}

type FolderDialog = { mode: 'create'; parentId: string } | { mode: 'rename'; node: TreeNode } | null;

/** Folder choices for a move (excluding the moved node's own subtree). */
function folderTreeData(nodes: TreeNode[], exclude: string): FolderOption[] {
  return nodes
    .filter((n) => n.isFolder && n.id !== exclude)
    .map((n) => ({ value: n.id, title: n.label || n.name, children: folderTreeData(n.children ?? [], exclude) }));
}

export function useDocActions(moduleId: string, _projectId: string) {
  const { t } = useTranslation();
  const [folder, setFolder] = useState<FolderDialog>(null);
  const [moving, setMoving] = useState<{ node: TreeNode; tree: TreeNode[] } | null>(null);
  const [moveTarget, setMoveTarget] = useState<string>('');
  const [form] = Form.useForm();
  const refresh = () => invalidateModule(moduleId);
  const addFolder = useAddFolderMutation(moduleId);
  const renameFolder = useRenameFolderMutation(moduleId);
  const moveDoc = useMoveDocMutation(moduleId);
  const lockDoc = useDocLockMutation(moduleId);
  const deleteDoc = useDeleteDocMutation();

  const submitFolder = async () => {
    const v = await form.validateFields();
    try {
      if (folder?.mode === 'create') await addFolder.mutateAsync({ parentId: folder.parentId, name: v.name.trim() });
      else if (folder?.mode === 'rename') await renameFolder.mutateAsync({ id: folder.node.id, name: v.name.trim() });
      setFolder(null);
      form.resetFields();
    } catch (e) {
      showError(e, form);
    }
  };

  const remove = (n: TreeNode) => {
    if (n.isFolder) {
      const docs = countDocs(n.children ?? []);
      const hasChildren = (n.children ?? []).length > 0;
      let deleteChildren = false;
      return confirmAction({
        title: t('folder.deleteConfirm', { 0: n.label }),
        content: hasChildren ? (
          <div>
            <Typography.Paragraph>{t('folder.deleteHasDocs', { 0: docs })}</Typography.Paragraph>
            <Checkbox onChange={(e) => (deleteChildren = e.target.checked)} data-testid="delete-children">
              {t('folder.deleteChildren')}
            </Checkbox>
          </div>
        ) : undefined,
        run: async () => {
          const r = await deleteDoc.mutateAsync({ id: n.id, deleteChildren: hasChildren ? deleteChildren : false });
          refresh();
          notifyDeleted(r?.trashId, refresh);
        },
      });
    }
    return confirmAction({
      title: t('doc.deleteConfirm', { 0: n.label }),
      run: async () => {
        const r = await deleteDoc.mutateAsync({ id: n.id });
        refresh();
        notifyDeleted(r?.trashId, refresh);
      },
    });
  };

  const removeMany = (ids: string[], tree: TreeNode[]) => {
    const docs = ids.map((id) => findNode(tree, id)).filter((n): n is TreeNode => !!n && !n.isFolder);
    if (!docs.length) {
      ui.message?.warning(t('validation.tickDocs'));
      return Promise.resolve(false);
    }
    return confirmAction({
      title: t('doc.deleteManyConfirm', { 0: docs.length }),
      run: async () => {
        for (const d of docs) await deleteDoc.mutateAsync({ id: d.id });
        refresh();
        notifyDeleted(undefined);
      },
    });
  };

  const setLocked = async (n: TreeNode, locked: boolean) => {
    try {
      await lockDoc.mutateAsync({ id: n.id, locked });
      ui.message?.success(locked ? t('doc.locked') : t('doc.unlocked'));
    } catch (e) {
      showError(e);
    }
  };

  const isText = (n: TreeNode) => n.docType === DocType.CUSTOM || n.docType === DocType.MARKDOWN;

  const dialogs = (
    <>
      <Modal
        open={!!folder}
        title={folder?.mode === 'rename' ? t('folder.rename') : t('folder.new')}
        onOk={submitFolder}
        onCancel={() => setFolder(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={submitFolder}
          initialValues={{ name: folder?.mode === 'rename' ? folder.node.label : '' }}
        >
          <Form.Item
            name="name"
            label={t('folder.name')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('validation.notEmptyLength', { 0: 64 }) }]}
          >
            <Input autoFocus data-testid="folder-name" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!moving}
        title={t('doc.moveTitle', { 0: moving?.node.label ?? '' })}
        onCancel={() => setMoving(null)}
        onOk={async () => {
          if (!moving) return;
          try {
            await moveDoc.mutateAsync({ id: moving.node.id, parentId: moveTarget });
            setMoving(null);
          } catch (e) {
            showError(e);
          }
        }}
      >
        <TreeSelect
          style={{ width: '100%' }}
          value={moveTarget}
          onChange={(v) => setMoveTarget(v ?? '')}
          treeDefaultExpandAll
          treeData={[{ value: '', title: t('folder.root'), children: moving ? folderTreeData(moving.tree, moving.node.id) : [] }]}
        />
      </Modal>
    </>
  );

  return {
    dialogs,
    createFolder: (parentId: string) => {
      form.setFieldsValue({ name: '' });
      setFolder({ mode: 'create', parentId });
    },
    renameFolder: (node: TreeNode) => {
      form.setFieldsValue({ name: node.label });
      setFolder({ mode: 'rename', node });
    },
    move: (node: TreeNode, tree: TreeNode[]) => {
      setMoveTarget(node.parentId || '');
      setMoving({ node, tree });
    },
    remove,
    removeMany,
    setLocked,
    editPath: (n: TreeNode) => (isText(n) ? `/doc/edit_custom/${moduleId}/${n.id}` : `/doc/edit/${moduleId}/${n.id}`),
    copyPath: (n: TreeNode) => (isText(n) ? `/doc/copy_custom/${moduleId}/${n.id}` : `/doc/copy/${moduleId}/${n.id}`),
  };
}

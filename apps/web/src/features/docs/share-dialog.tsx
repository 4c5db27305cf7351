/**
 * The share editor: public or encrypted, expiry, remark, the whole application or ticked docs/folders (with
 * append-to-folder), debugging with environments.
 */
import { type ShareItem, ShareType, type TreeNode } from '@folio/shared';
import { Checkbox, DatePicker, Form, Input, Modal, Radio, Switch, Tree } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { findNode } from '../../lib/tree-filter';
import { ui } from '../../lib/ui';
import { useSaveShareMutation } from '../share/api';
import { DocTreeTitle } from './doc-tree-node';
import { useDocTree, useEnvironments } from './docs-api';

interface TreeData {
  key: string;
  title: React.ReactNode;
  children?: TreeData[];
}
const toTreeData = (nodes: TreeNode[]): TreeData[] =>
  nodes.map((n) => ({ key: n.id, title: <DocTreeTitle node={n} />, children: n.children?.length ? toTreeData(n.children) : undefined }));

/** Creates a share (no id) or edits one. */
export function ShareDialog({ moduleId, share, onClose }: { moduleId: string; share: ShareItem | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const tree = useDocTree(moduleId);
  const envs = useEnvironments(moduleId);
  const save = useSaveShareMutation(moduleId);
  const [checked, setChecked] = useState<string[]>([]);
  const [appendFolders, setAppendFolders] = useState(true);
  const type = Form.useWatch('type', form);
  const isAll = Form.useWatch('isAll', form);
  const allowDebug = Form.useWatch('allowDebug', form);
  const existing = share && share !== 'new' ? share : null;

  const initialValues = {
    type: existing?.type ?? ShareType.PUBLIC,
    password: '',
    expiresAt: existing?.expiresAt ? dayjs(existing.expiresAt) : null,
    remark: existing?.remark ?? '',
    isAll: existing ? existing.isAll : 1,
    allowDebug: !!existing?.allowDebug,
    environmentIds: existing?.environmentIds ?? [],
  };
  useEffect(() => {
    if (!share) return;
    const e = share === 'new' ? null : share;
    setChecked(e?.contents.map((c) => c.docId) ?? []);
    setAppendFolders(e ? e.contents.some((c) => c.isShareFolder) || !e.contents.length : true);
  }, [share]);

  const submit = async () => {
    const v = await form.validateFields();
    if (!v.isAll && !checked.length) {
      ui.message?.error(t('validation.tickDocs'));
      return;
    }
    if (v.allowDebug && !(v.environmentIds ?? []).length) {
      ui.message?.error(t('validation.tickEnvs'));
      return;
    }
    const nodes = tree.data ?? [];
    const body = {
      type: v.type,
      ...(v.type === ShareType.ENCRYPT && v.password?.trim() ? { password: v.password.trim() } : {}),
      expiresAt: v.expiresAt ? (v.expiresAt as dayjs.Dayjs).endOf('day').valueOf() : null,
      remark: v.remark ?? '',
      isAll: v.isAll ? 1 : 0,
      contents: v.isAll
        ? []
        : checked.map((docId) => ({ docId, isShareFolder: findNode(nodes, docId)?.isFolder && appendFolders ? 1 : 0 })),
      allowDebug: v.allowDebug ? 1 : 0,
      environmentIds: v.allowDebug ? v.environmentIds : [],
    };
    try {
      await save.mutateAsync({ id: existing?.id, ...body });
      onClose();
    } catch (e) {
      showError(e, form);
    }
  };

  return (
    <Modal
      open={!!share}
      width={720}
      title={existing ? t('share.edit') : t('share.create')}
      onCancel={onClose}
      onOk={submit}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        <Form.Item name="type" label={t('share.type')}>
          <Radio.Group
            options={[
              { value: ShareType.PUBLIC, label: t('share.public') },
              { value: ShareType.ENCRYPT, label: t('share.encrypt') },
            ]}
          />
        </Form.Item>
        {type === ShareType.ENCRYPT && (
          <Form.Item name="password" label={t('share.password')} extra={existing ? t('share.passwordKeep') : t('share.passwordAuto')}>
            <Input maxLength={64} autoComplete="off" data-testid="share-password" />
          </Form.Item>
        )}
        <Form.Item name="expiresAt" label={t('share.expiry')} extra={t('share.expiryHint')}>
          <DatePicker disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
        </Form.Item>
        <Form.Item name="remark" label={t('share.remark')} rules={[{ max: 500, message: t('validation.maxLength', { 0: 500 }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="isAll" label={t('share.content')}>
          <Radio.Group
            options={[
              { value: 1, label: t('share.wholeApp') },
              { value: 0, label: t('share.tickedDocs') },
            ]}
          />
        </Form.Item>
        {!isAll && (
          <div className="share-tree">
            <Checkbox checked={appendFolders} onChange={(e) => setAppendFolders(e.target.checked)} style={{ marginBottom: 8 }}>
              {t('share.appendFolder')}
            </Checkbox>
            <Tree
              checkable
              virtual
              height={280}
              treeData={toTreeData(tree.data ?? [])}
              checkedKeys={checked}
              onCheck={(k) => setChecked((Array.isArray(k) ? k : k.checked) as string[])}
            />
          </div>
        )}
        <Form.Item name="allowDebug" label={t('share.allowDebug')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {allowDebug && (
          <Form.Item name="environmentIds" label={t('share.environments')}>
            <Checkbox.Group options={(envs.data ?? []).map((e) => ({ value: e.id as string, label: `${e.name} (${e.url})` }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

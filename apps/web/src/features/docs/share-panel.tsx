/**
 * Share management of an application: create (public or encrypted, expiry, remark, whole application or
 * ticked docs/folders with append-to-folder, debugging with environments), list, copy link/password,
 * enable/disable, delete.
 */
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime, type ShareItem, ShareType, type TreeNode } from '@folio/shared';
import { Button, Checkbox, DatePicker, Form, Input, Modal, Radio, Space, Switch, Table, Tag, Tree, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/errors';
import { findNode } from '../../lib/tree-filter';
import { ui } from '../../lib/ui';
import {
  fetchSharePassword,
  useDeleteShareMutation,
  useRotateShareMutation,
  useSaveShareMutation,
  useShareStatusMutation,
  useSharesQuery,
} from '../share/api';
import { DocTreeTitle } from './doc-tree-node';
import { useDocTree, useEnvironments } from './docs-api';

interface TreeData {
  key: string;
  title: React.ReactNode;
  children?: TreeData[];
}
const toTreeData = (nodes: TreeNode[]): TreeData[] =>
  nodes.map((n) => ({ key: n.id, title: <DocTreeTitle node={n} />, children: n.children?.length ? toTreeData(n.children) : undefined }));

function ShareDialog({ moduleId, share, onClose }: { moduleId: string; share: ShareItem | 'new' | null; onClose: () => void }) {
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

export function SharePanel({ moduleId, canManage }: { moduleId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSharesQuery(moduleId, canManage);
  const rotate = useRotateShareMutation(moduleId);
  const setStatus = useShareStatusMutation(moduleId);
  const remove = useDeleteShareMutation(moduleId);
  const [editing, setEditing] = useState<ShareItem | 'new' | null>(null);
  if (!canManage) return <Typography.Text type="secondary">{t('common.noPermission')}</Typography.Text>;
  const link = (s: ShareItem) => `${window.location.origin}${s.url}`;

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing('new')}
        style={{ marginBottom: 12 }}
        data-testid="share-create"
      >
        {t('share.create')}
      </Button>
      <Table<ShareItem>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        // Every column has a width and the scroll width is their sum, so the fixed actions column never covers another;
        // the sum fits the 1,184 px the list gets in a 1,440 px window, so nothing waits behind a sideways scroll there.
        scroll={{ x: 1160 }}
        pagination={{ pageSizeOptions: [5, 10, 20, 50, 100], showSizeChanger: true, defaultPageSize: 10 }}
        columns={[
          {
            title: t('share.link'),
            key: 'link',
            width: 190,
            render: (_, s) => (
              <>
                <Typography.Link href={s.url} target="_blank" data-testid="share-link" ellipsis style={{ maxWidth: 180 }} title={s.url}>
                  {s.url}
                </Typography.Link>
                {s.guessable ? (
                  <div data-testid="share-guessable">
                    <Typography.Text type="warning" style={{ fontSize: 12 }}>
                      {t('share.guessable')}
                    </Typography.Text>{' '}
                    <Button
                      size="small"
                      type="link"
                      data-testid="share-rotate"
                      onClick={() =>
                        confirmAction({
                          title: t('share.rotateConfirm'),
                          danger: true,
                          run: async () => {
                            await rotate.mutateAsync(s.id);
                          },
                        })
                      }
                    >
                      {t('share.rotate')}
                    </Button>
                  </div>
                ) : null}
              </>
            ),
          },
          {
            title: `${t('share.type')} / ${t('share.content')}`,
            dataIndex: 'type',
            width: 110,
            render: (v: number, s) => (
              <>
                {v === ShareType.ENCRYPT ? <Tag color="orange">{t('share.encrypt')}</Tag> : <Tag color="green">{t('share.public')}</Tag>}
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {s.isAll ? t('share.wholeApp') : t('share.nDocs', { 0: s.contents.length })}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          {
            title: t('share.expiry'),
            dataIndex: 'expiresAt',
            width: 160,
            render: (v: number | null, s) =>
              v ? <span className={s.expired ? 'text-danger' : ''}>{formatDateTime(v)}</span> : t('share.never'),
          },
          { title: t('share.remark'), dataIndex: 'remark', width: 120, ellipsis: { showTitle: true } },
          {
            title: t('share.allowDebug'),
            dataIndex: 'allowDebug',
            width: 90,
            render: (v: number) => (v ? t('common.yes') : t('common.no')),
          },
          {
            title: t('common.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: number, s) => (
              <Switch
                size="small"
                checked={v === 1}
                checkedChildren={t('common.enabled')}
                unCheckedChildren={t('common.disabled')}
                onChange={(on) =>
                  confirmAction({
                    title: on ? t('share.enableConfirm') : t('share.disableConfirm'),
                    danger: !on,
                    run: async () => {
                      await setStatus.mutateAsync({ id: s.id, on });
                    },
                  })
                }
              />
            ),
          },
          {
            title: `${t('common.creator')} / ${t('common.createTime')}`,
            dataIndex: 'gmtCreate',
            width: 160,
            ellipsis: true,
            render: (v: number, s) => (
              <>
                <div title={s.creatorName}>{s.creatorName}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(v)}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('common.actions'),
            key: 'op',
            fixed: 'right',
            width: 240,
            render: (_, s) => (
              <Space size={0} wrap>
                <Button size="small" type="link" icon={<CopyOutlined />} onClick={() => copyText(link(s))}>
                  {t('share.copyLink')}
                </Button>
                {s.type === ShareType.ENCRYPT && (
                  <Button
                    size="small"
                    type="link"
                    onClick={async () => {
                      try {
                        const r = await fetchSharePassword(s.id);
                        await copyText(`${link(s)}  ${t('share.password')}: ${r.password}`);
                      } catch (e) {
                        showError(e);
                      }
                    }}
                  >
                    {t('share.copyWithPassword')}
                  </Button>
                )}
                <Button size="small" type="link" onClick={() => setEditing(s)}>
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    confirmAction({
                      title: t('common.confirmDelete'),
                      run: async () => {
                        await remove.mutateAsync(s.id);
                      },
                    })
                  }
                >
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ShareDialog moduleId={moduleId} share={editing} onClose={() => setEditing(null)} />
    </>
  );
}

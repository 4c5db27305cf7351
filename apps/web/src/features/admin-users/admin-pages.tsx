/** Admin (super admins): user management and system settings, with a sidebar and a way back to doc management. */
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { formatDateTime, PAGE_SIZES, ROLES, UserStatus } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Result, Select, Space, Switch, Table, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { usePerms } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { AdminSettingPage } from '../admin-setting/admin-setting-page';
import { fetchViewProjects } from '../project/project-api';
import { SectionLayout } from '../shell/sidebar';
import {
  type AdminUser,
  useAddUserMutation,
  useAdminUsersQuery,
  useAllocateProjectsMutation,
  useResetUserPasswordMutation,
  useUpdateUserMutation,
  useUserEnabledMutation,
} from './api';

export function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const perms = usePerms();
  if (perms.data && !perms.data.isSuperAdmin) return <Result status="403" title={t('common.noPermission')} />;
  return (
    <SectionLayout
      header={<div className="sider-title">{t('nav.admin')}</div>}
      items={[
        { key: '/admin/users', label: t('admin.users'), icon: <TeamOutlined /> },
        { key: '/admin/setting', label: t('admin.setting'), icon: <SettingOutlined /> },
        { key: '/admin/trash', label: t('trash.menu'), icon: <DeleteOutlined /> },
      ]}
      footer={
        <div style={{ padding: '8px 12px' }}>
          <Button
            block
            style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32 }}
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate('/dashboard')}
            data-testid="back-to-docs"
          >
            {t('admin.backToDocs')}
          </Button>
        </div>
      }
    />
  );
}

/** Shows a one-time password with a copy button. */
function showPassword(t: (k: string, o?: Record<string, unknown>) => string, username: string, password: string) {
  Modal.success({
    title: t('admin.passwordOnce', { 0: username }),
    content: (
      <Space orientation="vertical">
        <Typography.Text code copyable={{ text: password }} style={{ fontSize: 18 }} data-testid="one-time-password">
          {password}
        </Typography.Text>
        <Typography.Text type="secondary">{t('admin.passwordOnceHint')}</Typography.Text>
      </Space>
    ),
    okText: t('common.ok'),
  });
}

export function AdminUsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState<{ pageIndex: number; pageSize: number; keyword?: string; status?: number; isSuperAdmin?: number }>({
    pageIndex: 1,
    pageSize: 20,
  });
  const { data, isLoading } = useAdminUsersQuery(q);
  const addUser = useAddUserMutation();
  const updateUser = useUpdateUserMutation();
  const setEnabled = useUserEnabledMutation();
  const resetPassword = useResetUserPasswordMutation();
  const allocate = useAllocateProjectsMutation();
  const [creating, setCreating] = useState(false);
  const [allocating, setAllocating] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [editForm] = Form.useForm();
  const [form] = Form.useForm();
  const [allocForm] = Form.useForm();
  const projects = useQuery({
    queryKey: ['viewProjects'],
    queryFn: fetchViewProjects,
    enabled: !!allocating,
  });

  const projectTree = Object.values(
    (projects.data ?? []).reduce<
      Record<
        string,
        { value: string; title: string; selectable: boolean; checkable: boolean; children: { value: string; title: string }[] }
      >
    >((acc, p) => {
      acc[p.spaceId] ??= { value: `space:${p.spaceId}`, title: p.spaceName, selectable: false, checkable: false, children: [] };
      acc[p.spaceId].children.push({ value: p.id, title: p.name });
      return acc;
    }, {}),
  );

  return (
    <div className="page">
      <PageHeader
        title={t('admin.users')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-user">
            {t('admin.createUser')}
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('admin.searchUser')}
          onSearch={(keyword) => setQ({ ...q, keyword: keyword || undefined, pageIndex: 1 })}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('common.status')}
          aria-label={t('common.status')}
          style={{ width: 150 }}
          value={q.status}
          onChange={(status) => setQ({ ...q, status, pageIndex: 1 })}
          options={[
            { value: UserStatus.ENABLED, label: t('admin.statusEnabled') },
            { value: UserStatus.DISABLED, label: t('admin.statusDisabled') },
            { value: UserStatus.SET_PASSWORD, label: t('admin.statusSetPassword') },
          ]}
        />
        <Select
          allowClear
          placeholder={t('user.role')}
          aria-label={t('user.role')}
          style={{ width: 150 }}
          value={q.isSuperAdmin}
          onChange={(isSuperAdmin) => setQ({ ...q, isSuperAdmin, pageIndex: 1 })}
          options={[
            { value: 1, label: t('user.superAdmin') },
            { value: 0, label: t('user.normalUser') },
          ]}
        />
      </Space>
      <Table<AdminUser>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.list ?? []}
        scroll={{ x: 960 }}
        pagination={{
          current: q.pageIndex,
          pageSize: q.pageSize,
          total: data?.total ?? 0,
          pageSizeOptions: [...PAGE_SIZES],
          showSizeChanger: true,
          showTotal: (n) => t('common.total', { 0: n }),
          onChange: (pageIndex, pageSize) => setQ({ ...q, pageIndex, pageSize }),
        }}
        columns={[
          { title: t('account.username'), dataIndex: 'username' },
          { title: t('account.nickname'), dataIndex: 'nickname' },
          { title: t('account.email'), dataIndex: 'email' },
          { title: t('user.source'), dataIndex: 'source', render: (v: string) => t(`user.source_${v}`) },
          {
            title: t('user.role'),
            dataIndex: 'isSuperAdmin',
            render: (v: number) => (v ? <Tag color="red">{t('user.superAdmin')}</Tag> : t('user.normalUser')),
          },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (v: number, u) =>
              v === UserStatus.SET_PASSWORD ? (
                <Tag color="orange">{t('admin.statusSetPassword')}</Tag>
              ) : (
                <Switch
                  size="small"
                  checked={v === UserStatus.ENABLED}
                  checkedChildren={t('admin.statusEnabled')}
                  unCheckedChildren={t('admin.statusDisabled')}
                  onChange={(on) =>
                    confirmAction({
                      title: on ? t('admin.enableConfirm', { 0: u.username }) : t('admin.disableConfirm', { 0: u.username }),
                      danger: !on,
                      run: () => setEnabled.mutateAsync({ id: u.id, on }),
                    })
                  }
                />
              ),
          },
          { title: t('user.registered'), dataIndex: 'gmtCreate', render: (v: number) => formatDateTime(v) },
          {
            title: t('common.actions'),
            key: 'op',
            fixed: 'right',
            width: 280,
            render: (_, u) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    editForm.setFieldsValue({ nickname: u.nickname, email: u.email, isSuperAdmin: !!u.isSuperAdmin });
                    setEditing(u);
                  }}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  onClick={() =>
                    confirmAction({
                      title: t('admin.resetConfirm', { 0: u.username }),
                      run: async () => {
                        const r = await resetPassword.mutateAsync(u.id);
                        showPassword(t, u.username, r.password);
                      },
                    })
                  }
                >
                  {t('admin.resetPassword')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    allocForm.setFieldsValue({ projectIds: [], roleCode: 'dev' });
                    setAllocating(u);
                  }}
                >
                  {t('admin.allocate')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('admin.createUser')}
        destroyOnHidden
        onCancel={() => setCreating(false)}
        onOk={async () => {
          const v = await form.validateFields();
          try {
            const r = await addUser.mutateAsync({
              username: v.username.trim(),
              nickname: v.nickname?.trim() || undefined,
              email: v.email?.trim() || undefined,
              isSuperAdmin: v.isSuperAdmin ? 1 : 0,
            });
            setCreating(false);
            form.resetFields();
            showPassword(t, v.username.trim(), r.password);
          } catch (e) {
            showError(e, form);
          }
        }}
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admin.createHint')} />
        <Form form={form} layout="vertical">
          <Form.Item
            name="username"
            label={t('account.username')}
            rules={[{ required: true, whitespace: true, max: 128, message: t('validation.notEmptyLength', { 0: 128 }) }]}
          >
            <Input autoComplete="off" data-testid="new-username" />
          </Form.Item>
          <Form.Item name="nickname" label={t('account.nickname')} rules={[{ max: 128, message: t('validation.maxLength', { 0: 128 }) }]}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('account.email')} rules={[{ type: 'email', message: t('account.emailFormat') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="isSuperAdmin" label={t('user.superAdmin')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!editing}
        title={t('admin.editUser', { 0: editing?.username ?? '' })}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const v = await editForm.validateFields();
          try {
            await updateUser.mutateAsync({
              id: editing?.id ?? '',
              nickname: v.nickname.trim(),
              email: (v.email ?? '').trim(),
              isSuperAdmin: v.isSuperAdmin ? 1 : 0,
            });
            setEditing(null);
          } catch (e) {
            showError(e, editForm);
          }
        }}
      >
        <Form form={editForm} layout="vertical">
          <Form.Item
            name="nickname"
            label={t('account.nickname')}
            rules={[{ required: true, whitespace: true, max: 128, message: t('validation.notEmptyLength', { 0: 128 }) }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('account.email')} rules={[{ type: 'email', message: t('account.emailFormat') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="isSuperAdmin" label={t('user.superAdmin')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!allocating}
        title={t('admin.allocateTitle', { 0: allocating?.username ?? '' })}
        onCancel={() => setAllocating(null)}
        onOk={async () => {
          const v = await allocForm.validateFields();
          try {
            await allocate.mutateAsync({ userId: allocating?.id ?? '', projectIds: v.projectIds, roleCode: v.roleCode });
            setAllocating(null);
          } catch (e) {
            showError(e, allocForm);
          }
        }}
      >
        <Form form={allocForm} layout="vertical">
          <Form.Item name="projectIds" label={t('admin.projects')} rules={[{ required: true, message: t('validation.notEmpty') }]}>
            <TreeSelect
              treeCheckable
              treeDefaultExpandAll
              treeData={projectTree}
              loading={projects.isLoading}
              showCheckedStrategy={TreeSelect.SHOW_CHILD}
              placeholder={t('admin.pickProjects')}
            />
          </Form.Item>
          <Form.Item name="roleCode" label={t('member.role')}>
            <Select options={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export function AdminSettingRoute() {
  return (
    <div className="page">
      <AdminSettingPage />
    </div>
  );
}

/** Admin, users: the list of every account and what a super admin can do to each. */
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime, PAGE_SIZES, UserStatus } from '@folio/shared';
import { Button, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { type AdminUser, useAdminUsersQuery, useResetUserPasswordMutation, useUserEnabledMutation } from './api';
import { AllocateProjectsDialog, CreateUserDialog, EditUserDialog, showPassword } from './user-dialogs';

/** The super admin's user list: filters, paging, enable/disable, edit, password reset and project allocation. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState<{ pageIndex: number; pageSize: number; keyword?: string; status?: number; isSuperAdmin?: number }>({
    pageIndex: 1,
    pageSize: 20,
  });
  const { data, isLoading } = useAdminUsersQuery(q);
  const setEnabled = useUserEnabledMutation();
  const resetPassword = useResetUserPasswordMutation();
  const [creating, setCreating] = useState(false);
  const [allocating, setAllocating] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);

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
                <Button size="small" type="link" onClick={() => setEditing(u)}>
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
                <Button size="small" type="link" onClick={() => setAllocating(u)}>
                  {t('admin.allocate')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <AllocateProjectsDialog user={allocating} onClose={() => setAllocating(null)} />
    </div>
  );
}

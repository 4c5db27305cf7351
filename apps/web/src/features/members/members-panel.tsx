/** Members of a space or project with their roles: add (user search), change role, remove (confirmed). */
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime, ROLES, type RoleCode } from '@folio/shared';
import { Button, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { showError } from '../../lib/errors';
import {
  type Member,
  useAddMembersMutation,
  useMembersQuery,
  useRemoveMemberMutation,
  useUpdateMemberMutation,
  useUserSearchQuery,
} from './api';

/** Debounced user search for pickers. */
export function UserPicker({
  value,
  onChange,
  multiple = true,
  ariaLabel,
  testId = 'user-picker',
  id,
}: {
  value?: string[] | string;
  onChange?: (v: string[] | string) => void;
  multiple?: boolean;
  ariaLabel?: string;
  testId?: string;
  /** Set by Form.Item, so its label points at the input. */
  id?: string;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const { data, isFetching } = useUserSearchQuery(q);
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={onChange}
      loading={isFetching}
      placeholder={t('member.searchUser')}
      options={(data ?? []).map((u) => ({ value: u.id, label: `${u.nickname} (${u.username})` }))}
      id={id}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}

export function MembersPanel({ kind, scopeId, canManage }: { kind: 'space' | 'project'; scopeId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const scope = { kind, scopeId };
  const { data, isLoading } = useMembersQuery(scope);
  const add = useAddMembersMutation(scope);
  const update = useUpdateMemberMutation(scope);
  const remove = useRemoveMemberMutation(scope);
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState('');
  const [form] = Form.useForm();
  const roleOptions = ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));
  const list = (data ?? []).filter((m) => !filter || `${m.username} ${m.nickname} ${m.email}`.toLowerCase().includes(filter.toLowerCase()));

  return (
    <>
      <div className="toolbar">
        <Input.Search allowClear placeholder={t('member.filter')} onChange={(e) => setFilter(e.target.value)} style={{ maxWidth: 260 }} />
        {canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-member">
            {t('member.add')}
          </Button>
        )}
      </div>
      <Table<Member>
        rowKey="userId"
        loading={isLoading}
        dataSource={list}
        pagination={{ pageSizeOptions: [5, 10, 20, 50, 100], defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 640 }}
        columns={[
          { title: t('account.nickname'), dataIndex: 'nickname' },
          { title: t('account.username'), dataIndex: 'username' },
          { title: t('account.email'), dataIndex: 'email' },
          {
            title: t('member.role'),
            dataIndex: 'roleCode',
            render: (role: RoleCode, m) =>
              canManage ? (
                <Select
                  size="small"
                  value={role}
                  aria-label={t('member.role')}
                  options={roleOptions}
                  style={{ width: 120 }}
                  onChange={async (v) => {
                    try {
                      await update.mutateAsync({ userId: m.userId, roleCode: v });
                    } catch (e) {
                      showError(e);
                    }
                  }}
                />
              ) : (
                <Tag>{t(`role.${role}`)}</Tag>
              ),
          },
          { title: t('member.joined'), dataIndex: 'gmtCreate', render: (v: number) => formatDateTime(v) },
          ...(canManage
            ? [
                {
                  title: t('common.actions'),
                  key: 'op',
                  render: (_: unknown, m: Member) => (
                    <Button
                      size="small"
                      type="link"
                      danger
                      onClick={() =>
                        confirmAction({
                          title: t('member.removeConfirm', { 0: m.nickname }),
                          run: () => remove.mutateAsync(m.userId),
                        })
                      }
                    >
                      {t('member.remove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={adding}
        title={t('member.add')}
        destroyOnHidden
        onCancel={() => setAdding(false)}
        onOk={async () => {
          const v = await form.validateFields();
          try {
            await add.mutateAsync({ userIds: v.userIds, roleCode: v.roleCode });
            form.resetFields();
            setAdding(false);
          } catch (e) {
            showError(e, form);
          }
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ roleCode: 'dev' }}>
          <Form.Item name="userIds" label={t('member.users')} rules={[{ required: true, message: t('validation.notEmpty') }]}>
            <UserPicker />
          </Form.Item>
          <Form.Item name="roleCode" label={t('member.role')}>
            <Select options={roleOptions} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

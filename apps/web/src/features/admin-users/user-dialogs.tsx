/** Dialogs of the admin users page: create a user, edit one, allocate projects to one. */
import { ROLES } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Space, Switch, TreeSelect, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { fetchViewProjects, type ViewProject } from '../project/project-api';
import { type AdminUser, useAddUserMutation, useAllocateProjectsMutation, useUpdateUserMutation } from './api';

/** Shows a one-time password with a copy button. */
export function showPassword(t: (k: string, o?: Record<string, unknown>) => string, username: string, password: string) {
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

/** Creates a user; shows the one-time password. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const addUser = useAddUserMutation();
  return (
    <Modal
      open={open}
      title={t('admin.createUser')}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          const r = await addUser.mutateAsync({
            username: v.username.trim(),
            nickname: v.nickname?.trim() || undefined,
            email: v.email?.trim() || undefined,
            isSuperAdmin: v.isSuperAdmin ? 1 : 0,
          });
          onClose();
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
  );
}

/** Changes a user's nickname, e-mail and super-admin flag. */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [editForm] = Form.useForm();
  const updateUser = useUpdateUserMutation();
  useEffect(() => {
    if (user) editForm.setFieldsValue({ nickname: user.nickname, email: user.email, isSuperAdmin: !!user.isSuperAdmin });
  }, [user, editForm]);
  return (
    <Modal
      open={!!user}
      title={t('admin.editUser', { 0: user?.username ?? '' })}
      onCancel={onClose}
      onOk={async () => {
        const v = await editForm.validateFields();
        try {
          await updateUser.mutateAsync({
            id: user?.id ?? '',
            nickname: v.nickname.trim(),
            email: (v.email ?? '').trim(),
            isSuperAdmin: v.isSuperAdmin ? 1 : 0,
          });
          onClose();
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
  );
}

/** Projects grouped by space, as the picker's tree (spaces are headings, not choices). */
function projectTree(projects: ViewProject[]) {
  return Object.values(
    projects.reduce<
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
}

/** Makes a user a member of projects with one role. */
export function AllocateProjectsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [allocForm] = Form.useForm();
  const allocate = useAllocateProjectsMutation();
  const projects = useQuery({ queryKey: ['viewProjects'], queryFn: fetchViewProjects, enabled: !!user });
  useEffect(() => {
    if (user) allocForm.setFieldsValue({ projectIds: [], roleCode: 'dev' });
  }, [user, allocForm]);
  return (
    <Modal
      open={!!user}
      title={t('admin.allocateTitle', { 0: user?.username ?? '' })}
      onCancel={onClose}
      onOk={async () => {
        const v = await allocForm.validateFields();
        try {
          await allocate.mutateAsync({ userId: user?.id ?? '', projectIds: v.projectIds, roleCode: v.roleCode });
          onClose();
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
            treeData={projectTree(projects.data ?? [])}
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
  );
}

/** Password pages: first password, forgot/reset password (e-mailed link), change password. */
import { Alert, Button, Card, Flex, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { getToken } from '../../lib/api';
import { logout, useMe } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { safeRedirect } from '../../lib/session';
import { ui } from '../../lib/ui';
import {
  useChangePasswordMutation,
  useForgotPasswordMutation,
  useResetAvailableQuery,
  useResetPasswordMutation,
  useSetFirstPasswordMutation,
} from './api';
import { usePasswordRules } from './password-rules';

/** Forced password change of a new or reset account (status 2). */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rules = usePasswordRules();
  const me = useMe();
  const setFirst = useSetFirstPasswordMutation();
  if (!getToken()) return <Result status="403" title={t('account.loginFirst')} extra={<Link to="/login">{t('account.login')}</Link>} />;

  const submit = async (v: { password: string }) => {
    try {
      await setFirst.mutateAsync({ password: v.password });
      ui.message?.success(t('account.passwordSet'));
      navigate(safeRedirect(params.get('redirect'), '/dashboard'), { replace: true });
    } catch (e) {
      showError(e, form);
    }
  };
  return (
    <AuthCard title={t('account.setPasswordTitle')}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('account.setPasswordHint', { 0: me.data?.username ?? '' })} />
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="password" label={t('account.newPassword')} rules={rules.password}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('account.confirmPassword')} dependencies={['password']} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={setFirst.isPending}>
            {t('common.save')}
          </Button>
          <Button
            onClick={async () => {
              await logout();
              navigate('/login', { replace: true });
            }}
          >
            {t('account.logout')}
          </Button>
        </Flex>
      </Form>
    </AuthCard>
  );
}

/** Forgot password: e-mails a reset link when SMTP is configured, else says to ask an administrator. */
export function FindPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [sent, setSent] = useState(false);
  const { data, isLoading } = useResetAvailableQuery();
  const forgot = useForgotPasswordMutation();
  const submit = async (v: { username: string }) => {
    try {
      await forgot.mutateAsync({ username: v.username.trim() });
      setSent(true);
    } catch (e) {
      showError(e, form);
    }
  };
  return (
    <AuthCard title={t('account.forgotPassword')} footer={<Link to="/login">{t('account.backToLogin')}</Link>}>
      {isLoading ? null : !data?.smtp ? (
        <Result status="info" title={t('account.askAdmin')} />
      ) : sent ? (
        <Result status="success" title={t('account.resetSent')} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="username" label={t('account.usernameOrEmail')} rules={[{ required: true, message: t('validation.notEmpty') }]}>
            <Input />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('account.sendResetLink')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

/** Sets a new password from the e-mailed link (`?token=`). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rules = usePasswordRules();
  const token = params.get('token') ?? '';
  const reset = useResetPasswordMutation();
  const submit = async (v: { password: string }) => {
    try {
      await reset.mutateAsync({ token, password: v.password });
      ui.message?.success(t('account.passwordSet'));
      navigate('/login', { replace: true });
    } catch (e) {
      showError(e, form);
    }
  };
  return (
    <AuthCard title={t('account.resetPassword')} footer={<Link to="/login">{t('account.backToLogin')}</Link>}>
      {!token ? (
        <Result
          status="warning"
          title={t('account.resetLinkInvalid')}
          extra={<Link to="/findPassword">{t('account.forgotPassword')}</Link>}
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="password" label={t('account.newPassword')} rules={rules.password}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirm" label={t('account.confirmPassword')} dependencies={['password']} rules={rules.confirm}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

/** Change password of the logged-in user (main layout). */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = usePasswordRules();
  const change = useChangePasswordMutation();
  const submit = async (v: { oldPassword: string; password: string }) => {
    try {
      await change.mutateAsync({ oldPassword: v.oldPassword, password: v.password });
      ui.message?.success(t('account.passwordChanged'));
      form.resetFields();
    } catch (e) {
      showError(e, form);
    }
  };
  return (
    <div className="page">
      <Card title={t('account.changePassword')} style={{ maxWidth: 480 }}>
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="oldPassword" label={t('account.oldPassword')} rules={[{ required: true, message: t('validation.notEmpty') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="password" label={t('account.newPassword')} rules={rules.password}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirm" label={t('account.confirmPassword')} dependencies={['password']} rules={rules.confirm}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

/** Account pages: login, first password, sign-up, forgot/reset password, change password. */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { storedLang } from '../../app/lang';
import { useLang } from '../../app/providers';
import { AuthCard } from '../../components/auth-card';
import { api, getToken } from '../../lib/api';
import { login, logout, useMe } from '../../lib/auth';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { queryClient } from '../../lib/query';
import { safeRedirect } from '../../lib/session';
import { ui } from '../../lib/ui';
import { ThirdPartyLogin, useSignInMethods } from '../sso/third-party-login';

const PASSWORD_MIN = 8;

/** Password + confirmation rules shared by the password forms. */
function usePasswordRules() {
  const { t } = useTranslation();
  return {
    password: [
      { required: true, message: t('validation.notEmpty') },
      { min: PASSWORD_MIN, message: t('account.passwordMin', { 0: PASSWORD_MIN }) },
      { max: 128, message: t('validation.maxLength', { 0: 128 }) },
    ],
    confirm: [
      { required: true, message: t('validation.notEmpty') },
      ({ getFieldValue }: { getFieldValue: (n: string) => string }) => ({
        validator: (_: unknown, v: string) =>
          !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('validation.passwordDiffer'))),
      }),
    ],
  };
}

export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect') ?? '';
  const [busy, setBusy] = useState(false);
  const { data: cfg } = useViewConfig();
  const { lang, setLang } = useLang();
  const methods = useSignInMethods();
  // With account sign-in turned off the form stays reachable for super admins behind a small link.
  const [adminLogin, setAdminLogin] = useState(false);
  const accountOff = methods.data?.account === false;
  // No flash of a form that then disappears: wait for the methods (a failed lookup shows the form).
  const showForm = !methods.isPending && (!accountOff || adminLogin);

  const submit = async (v: { username: string; password: string }) => {
    setBusy(true);
    try {
      const r = await login(v.username.trim(), v.password, true);
      // A language saved in the profile applies on a browser that never chose one.
      if (!storedLang()) {
        const me = await api.get<{ lang?: string }>('user/info', undefined, { silentSession: true }).catch(() => null);
        if (me?.lang && me.lang !== lang) await setLang(me.lang);
      }
      if (r.status === 2) navigate(`/setPassword${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`, { replace: true });
      else navigate(safeRedirect(redirect, '/dashboard'), { replace: true });
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('account.loginTitle')}
      footer={
        <Flex gap={16}>
          {cfg?.enableRegister && <Link to="/reg">{t('account.register')}</Link>}
          {(!accountOff || adminLogin) && <Link to="/findPassword">{t('account.forgotPassword')}</Link>}
        </Flex>
      }
    >
      {showForm && (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="account-login-form">
          {accountOff && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('account.adminLoginHint')} />}
          <Form.Item name="username" label={t('account.username')} rules={[{ required: true, message: t('validation.notEmpty') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item name="password" label={t('account.password')} rules={[{ required: true, message: t('validation.notEmpty') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('account.login')}
          </Button>
        </Form>
      )}
      <ThirdPartyLogin redirect={redirect || undefined} />
      {accountOff && !adminLogin && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Button type="link" size="small" onClick={() => setAdminLogin(true)} data-testid="admin-login-link">
            {t('account.adminLogin')}
          </Button>
        </Flex>
      )}
    </AuthCard>
  );
}

/** Forced password change of a new or reset account (status 2). */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rules = usePasswordRules();
  const me = useMe();
  const [busy, setBusy] = useState(false);
  if (!getToken()) return <Result status="403" title={t('account.loginFirst')} extra={<Link to="/login">{t('account.login')}</Link>} />;

  const submit = async (v: { password: string }) => {
    setBusy(true);
    try {
      await api.post('user/password/setFirst', { password: v.password });
      ui.message?.success(t('account.passwordSet'));
      queryClient.invalidateQueries();
      navigate(safeRedirect(params.get('redirect'), '/dashboard'), { replace: true });
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
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
          <Button type="primary" htmlType="submit" loading={busy}>
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

/** Sign-up, only when the system setting enables it. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const rules = usePasswordRules();
  const { data: cfg, isLoading } = useViewConfig();
  const [busy, setBusy] = useState(false);
  if (isLoading) return null;
  if (!cfg?.enableRegister) {
    return (
      <AuthCard title={t('account.register')}>
        <Result status="info" title={t('account.registerClosed')} extra={<Link to="/login">{t('account.backToLogin')}</Link>} />
      </AuthCard>
    );
  }
  const submit = async (v: { username: string; nickname?: string; email?: string; password: string }) => {
    setBusy(true);
    try {
      await api.post('user/reg', {
        username: v.username.trim(),
        nickname: v.nickname?.trim() || undefined,
        email: v.email?.trim() || undefined,
        password: v.password,
      });
      ui.message?.success(t('account.registered'));
      navigate('/login', { replace: true });
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('account.register')} footer={<Link to="/login">{t('account.backToLogin')}</Link>}>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="username"
          label={t('account.username')}
          rules={[
            { required: true, message: t('validation.notEmpty') },
            { pattern: /^[A-Za-z0-9_.@-]{3,128}$/, message: t('account.usernameFormat') },
          ]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="nickname" label={t('account.nickname')} rules={[{ max: 128, message: t('validation.maxLength', { 0: 128 }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('account.email')} rules={[{ type: 'email', message: t('account.emailFormat') }]}>
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item name="password" label={t('account.password')} rules={rules.password}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('account.confirmPassword')} dependencies={['password']} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('account.register')}
        </Button>
      </Form>
    </AuthCard>
  );
}

/** Forgot password: e-mails a reset link when SMTP is configured, else says to ask an administrator. */
export function FindPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [sent, setSent] = useState(false);
  const { data, isLoading } = useQuery({
    queryKey: ['resetAvailable'],
    queryFn: () => api.get<{ smtp: boolean }>('user/password/resetAvailable', undefined, { silentSession: true }),
  });
  const submit = async (v: { username: string }) => {
    try {
      await api.post('user/password/forgot', { username: v.username.trim() }, { silentSession: true });
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
  const submit = async (v: { password: string }) => {
    try {
      await api.post('user/password/reset', { token, password: v.password }, { silentSession: true });
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
  const [busy, setBusy] = useState(false);
  const submit = async (v: { oldPassword: string; password: string }) => {
    setBusy(true);
    try {
      await api.post('user/password/update', { oldPassword: v.oldPassword, password: v.password });
      ui.message?.success(t('account.passwordChanged'));
      form.resetFields();
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
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
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

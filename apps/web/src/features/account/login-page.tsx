/** The login page: account form (or the super admins' link when account sign-in is off) and third-party sign-in. */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { storedLang } from '../../app/lang';
import { useLang } from '../../app/providers';
import { AuthCard } from '../../components/auth-card';
import { login } from '../../lib/auth';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { safeRedirect } from '../../lib/session';
import { useSignInMethodsQuery } from '../sso/api';
import { ThirdPartyLogin } from '../sso/third-party-login';
import { fetchMeQuietly } from './api';

/** Logs in; a new or reset account goes on to set its password. */
export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect') ?? '';
  const [busy, setBusy] = useState(false);
  const { data: cfg } = useViewConfig();
  const { lang, setLang } = useLang();
  const methods = useSignInMethodsQuery();
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
        const me = await fetchMeQuietly().catch(() => null);
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

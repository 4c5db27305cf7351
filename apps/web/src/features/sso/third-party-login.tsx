/**
 * The sign-in methods the administrator enabled, under the account form of the login page: one button
 * per OAuth2/OIDC provider (its own text), and LDAP / form sign-in with a username and password.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { setToken } from '../../lib/api';
import { showError } from '../../lib/errors';
import { queryClient } from '../../lib/query';
import { safeRedirect } from '../../lib/session';
import { loginWithSource, useSignInMethodsQuery } from './api';

/** Keeps a new session token and goes on (set-password first when the account requires it). */
export function finishSignIn(navigate: ReturnType<typeof useNavigate>, token: string, status: number, redirect?: string | null) {
  setToken(token);
  queryClient.removeQueries({ queryKey: ['me'] });
  queryClient.removeQueries({ queryKey: ['perms'] });
  if (status === 2) navigate(`/setPassword${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`, { replace: true });
  else navigate(safeRedirect(redirect, '/dashboard'), { replace: true });
}

export function ThirdPartyLogin({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data } = useSignInMethodsQuery();
  const [source, setSource] = useState<'ldap' | 'form' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const failed = params.get('ssoError');
  if (!data) return null;
  const any = data.ldap || !!data.form || data.oauth.length > 0;
  if (!any && !failed) return null;

  const start = (id: string) => {
    const q = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
    window.location.assign(`/api/sso/oauth/${encodeURIComponent(id)}/start${q}`);
  };

  const submit = async (v: { username: string; password: string }) => {
    setBusy(true);
    try {
      if (!source) return;
      const r = await loginWithSource({ username: v.username.trim(), password: v.password, source });
      setSource(null);
      finishSignIn(navigate, r.token, r.status, redirect);
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="third-party-login">
      {failed && <Alert type="error" showIcon style={{ marginTop: 16 }} title={t('sso.failed')} />}
      {any && <Divider plain>{t('sso.or')}</Divider>}
      <Flex vertical gap={8}>
        {data.oauth.map((p) => (
          <Button key={p.id} block size="large" onClick={() => start(p.id)}>
            {p.buttonText}
          </Button>
        ))}
        {data.ldap && (
          <Button block size="large" onClick={() => setSource('ldap')}>
            {t('sso.ldapButton')}
          </Button>
        )}
        {data.form && (
          <Button block size="large" onClick={() => setSource('form')}>
            {data.form.buttonText || t('sso.formButton')}
          </Button>
        )}
      </Flex>
      <Modal
        open={!!source}
        title={source === 'ldap' ? t('sso.ldapButton') : data.form?.buttonText || t('sso.formButton')}
        onCancel={() => setSource(null)}
        footer={null}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('account.username')}
            rules={[{ required: true, message: t('validation.notEmpty') }, { max: 128 }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('account.password')}
            rules={[{ required: true, message: t('validation.notEmpty') }, { max: 128 }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('account.login')}
          </Button>
        </Form>
      </Modal>
    </div>
  );
}

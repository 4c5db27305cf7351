/** Sign-up page. */
import { Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { useRegisterMutation } from './api';
import { usePasswordRules } from './password-rules';

/** Sign-up, only when the system setting enables it. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const rules = usePasswordRules();
  const { data: cfg, isLoading } = useViewConfig();
  const register = useRegisterMutation();
  if (isLoading) return null;
  if (!cfg?.enableRegister) {
    return (
      <AuthCard title={t('account.register')}>
        <Result status="info" title={t('account.registerClosed')} extra={<Link to="/login">{t('account.backToLogin')}</Link>} />
      </AuthCard>
    );
  }
  const submit = async (v: { username: string; nickname?: string; email?: string; password: string }) => {
    try {
      await register.mutateAsync({
        username: v.username.trim(),
        nickname: v.nickname?.trim() || undefined,
        email: v.email?.trim() || undefined,
        password: v.password,
      });
      ui.message?.success(t('account.registered'));
      navigate('/login', { replace: true });
    } catch (e) {
      showError(e, form);
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
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('account.register')}
        </Button>
      </Form>
    </AuthCard>
  );
}

/** Login expired while a form holds edits: log in again in a dialog and keep the edits (loaded on demand by the root shell). */
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setToken } from '../lib/api';
import { login } from '../lib/auth';
import { showError } from '../lib/errors';
import { queryClient } from '../lib/query';

/** Login expired while a form holds edits: log in again here and keep the edits (or give up and go to login). */
export function ReLoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [step, setStep] = useState<'ask' | 'form'>('ask');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setStep('ask');
  }, [open]);

  const cancel = () => {
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await login(v.username, v.password, true);
      queryClient.invalidateQueries();
      form.resetFields();
      onClose();
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
    }
  };
  const leave = () => {
    setToken(null);
    onClose();
    navigate(`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  };

  return (
    <Modal
      open={open}
      title={t('session.expiredTitle')}
      onCancel={cancel}
      maskClosable={false}
      footer={
        step === 'ask' ? (
          <Space>
            <Button onClick={cancel}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={() => setStep('form')}>
              {t('session.relogin')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={leave}>{t('session.goLoginPage')}</Button>
            <Button type="primary" loading={busy} onClick={submit}>
              {t('account.login')}
            </Button>
          </Space>
        )
      }
    >
      {step === 'ask' ? (
        <Typography.Paragraph>{t('session.expiredText')}</Typography.Paragraph>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Typography.Paragraph type="secondary">{t('session.editsKept')}</Typography.Paragraph>
          <Form.Item name="username" label={t('account.username')} rules={[{ required: true, message: t('validation.notEmpty') }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('account.password')} rules={[{ required: true, message: t('validation.notEmpty') }]}>
            <Input.Password autoComplete="current-password" onPressEnter={submit} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

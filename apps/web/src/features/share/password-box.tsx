/**
 * The password box of encrypted shares and compose views: 'Can not empty' when blank; the password is
 * trimmed and md5-hashed before sending (what Torna's viewer sends). On success the grant is remembered
 * in the browser and the page reloads.
 */
import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import md5 from 'crypto-js/md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkComposePassword } from '../compose/api';
import { type GrantKind, storeGrant } from '../doc-view/grants';
import { LangPicker } from '../view/lang-picker';
import { checkSharePassword } from './api';

/** md5 of the trimmed password, as the check calls expect. */
export const hashPassword = (password: string) => md5(password.trim()).toString();

export function PasswordBox({ kind, id, title }: { kind: GrantKind; id: string; title?: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      const check = kind === 'share' ? checkSharePassword : checkComposePassword;
      const r = await check(id, hashPassword(password));
      storeGrant(kind, id, r.grant);
      window.location.reload();
    } catch (e) {
      form.setFields([{ name: 'password', errors: [(e as Error).message || t('view.password.wrong')] }]);
      setBusy(false);
    }
  };
  return (
    <div className="public-gate">
      <div className="public-gate-lang">
        <LangPicker />
      </div>
      <Card className="public-gate-card" data-testid="password-box">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          <LockOutlined /> {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('view.password.title')}</Typography.Paragraph>
        <Form form={form} onFinish={submit} layout="vertical">
          <Form.Item
            name="password"
            rules={[
              {
                validator: (_r, v: string | undefined) =>
                  v?.trim() ? Promise.resolve() : Promise.reject(new Error(t('view.password.empty'))),
              },
            ]}
          >
            <Input.Password autoFocus placeholder={t('view.password.placeholder')} data-testid="share-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="share-password-submit">
            {t('view.password.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

/** A full-page message (expired, disabled, not found). */
export function GateMessage({ title, status = 'warning' }: { title: string; status?: 'warning' | '404' | 'error' }) {
  return (
    <div className="public-gate">
      <div className="public-gate-lang">
        <LangPicker />
      </div>
      <Card className="public-gate-card" data-testid="gate-message">
        <Typography.Title level={4} type={status === 'error' ? 'danger' : undefined} style={{ margin: 0, textAlign: 'center' }}>
          {title}
        </Typography.Title>
      </Card>
    </div>
  );
}

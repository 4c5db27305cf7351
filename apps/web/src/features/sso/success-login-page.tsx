/** /successLogin?loginKey=…: swaps the one-time key from the OAuth callback for a session token. */
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { finishSignIn } from './third-party-login';

export function SuccessLoginPage(_props: Record<string, never>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const loginKey = params.get('loginKey') ?? '';
  const redirect = params.get('redirect');

  useEffect(() => {
    // The key works once: never send it twice (React StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    if (!loginKey) {
      setFailed(true);
      return;
    }
    api
      .post<{ token: string; status: number }>('sso/loginKey/exchange', { loginKey }, { silentSession: true })
      .then((r) => finishSignIn(navigate, r.token, r.status, redirect))
      .catch(() => setFailed(true));
  }, [loginKey, redirect, navigate]);

  if (failed) {
    return (
      <Result
        status="warning"
        title={t('sso.keyInvalid')}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('sso.backToLogin')}
          </Button>
        }
      />
    );
  }
  return (
    <div style={{ padding: 80, textAlign: 'center' }}>
      <Spin size="large" />
      <div style={{ marginTop: 16 }}>{t('sso.signingIn')}</div>
    </div>
  );
}

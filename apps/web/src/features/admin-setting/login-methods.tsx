/** Sign-in methods tab: switches and settings of account/LDAP/form sign-in with test buttons, and the OAuth2/OIDC providers. */
import { Button, Card, Flex, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { type SsoTestResult, testCredentials } from '../sso/api';
import type { SettingsPage } from './api';
import { OAuthProviders } from './oauth-providers';
import { SettingsForm } from './settings-form';
import { TestResultAlert } from './test-result-alert';

/** A test button with an optional username/password, showing the server's full answer. */
function CredentialTest({ kind, needsCredentials }: { kind: 'ldap' | 'form'; needsCredentials?: boolean }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [r, setR] = useState<SsoTestResult | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      setR(await testCredentials(kind, username ? { username, password } : {}));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ marginTop: 16 }}>
      <Space wrap>
        <Input
          placeholder={t('admin.testUsername')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          style={{ width: 180 }}
        />
        <Input.Password
          placeholder={t('admin.testPassword')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          style={{ width: 180 }}
        />
        <Button onClick={run} loading={busy} disabled={needsCredentials && (!username || !password)}>
          {t('admin.test')}
        </Button>
      </Space>
      <TestResultAlert r={r} />
    </div>
  );
}

/** The sign-in methods tab of the system settings. */
export function LoginMethodsTab({ data }: { data: SettingsPage }) {
  const { t } = useTranslation();
  const keysOf = (group: string) => data.defs.filter((d) => d.group === group).map((d) => d.key);
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('admin.tab.login')}>
        <SettingsForm data={data} keys={['folio.login.account.enable']} />
      </Card>
      <Card size="small" title={t('admin.ldap')}>
        <SettingsForm data={data} keys={keysOf('ldap')} />
        <CredentialTest kind="ldap" />
      </Card>
      <Card size="small" title={t('admin.form')}>
        <SettingsForm data={data} keys={keysOf('form')} />
        <CredentialTest kind="form" needsCredentials />
      </Card>
      <Card size="small" title={t('admin.oauth')}>
        <SettingsForm data={data} keys={keysOf('oauth')} />
        <div style={{ marginTop: 16 }}>
          <OAuthProviders />
        </div>
      </Card>
    </Flex>
  );
}

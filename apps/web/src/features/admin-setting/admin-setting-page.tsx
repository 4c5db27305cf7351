/** /admin/setting (super admins): system settings by tab, sign-in methods, languages and the audit log. */
import { Button, Card, Input, Space, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { testSmtp, useAdminLangsQuery, useAdminSettingsQuery } from './api';
import { AuditTab } from './audit-tab';
import { LanguagesTab } from './languages-tab';
import { LoginMethodsTab } from './login-methods';
import { SettingsForm } from './settings-form';
import { TestResultAlert } from './test-result-alert';
import { TornaMigrationTab } from './torna-migration-tab';

function SmtpTest() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [r, setR] = useState<{ ok: boolean; message: string } | null>(null);
  return (
    <div style={{ marginTop: 16 }}>
      <Space wrap>
        <Input placeholder={t('admin.testTo')} value={to} onChange={(e) => setTo(e.target.value)} style={{ width: 260 }} />
        <Button
          loading={busy}
          disabled={!to.includes('@')}
          onClick={async () => {
            setBusy(true);
            try {
              setR(await testSmtp(to));
            } catch (e) {
              showError(e);
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('admin.sendTest')}
        </Button>
      </Space>
      <TestResultAlert r={r} />
    </div>
  );
}

export function AdminSettingPage(_props: Record<string, never>) {
  const { t } = useTranslation();
  const q = useAdminSettingsQuery();
  const langs = useAdminLangsQuery();
  if (!q.data) return <Spin style={{ margin: 48 }} />;
  const data = q.data;
  const keysOf = (...groups: string[]) => data.defs.filter((d) => groups.includes(d.group)).map((d) => d.key);
  const card = (node: React.ReactNode) => <Card size="small">{node}</Card>;
  return (
    <div data-testid="admin-setting-page">
      <Tabs
        items={[
          {
            key: 'base',
            label: t('admin.tab.base'),
            children: card(
              <SettingsForm
                data={data}
                keys={[...keysOf('base').filter((k) => !k.startsWith('folio.login.')), ...keysOf('upload', 'openapi')]}
                languages={langs.data}
              />,
            ),
          },
          {
            key: 'push',
            label: t('admin.tab.push'),
            children: card(<SettingsForm data={data} keys={keysOf('push', 'robot')} />),
          },
          {
            key: 'mail',
            label: t('admin.tab.mail'),
            children: card(
              <>
                <SettingsForm data={data} keys={keysOf('smtp')} />
                <SmtpTest />
              </>,
            ),
          },
          { key: 'login', label: t('admin.tab.login'), children: <LoginMethodsTab data={data} /> },
          {
            key: 'ms',
            label: t('admin.tab.metersphere'),
            children: card(<SettingsForm data={data} keys={keysOf('metersphere')} />),
          },
          {
            key: 'debugMock',
            label: t('admin.tab.debugMock'),
            children: card(<SettingsForm data={data} keys={keysOf('debug', 'mock')} />),
          },
          { key: 'langs', label: t('admin.tab.languages'), children: card(<LanguagesTab />) },
          { key: 'torna', label: t('admin.tab.torna'), children: card(<TornaMigrationTab />) },
          {
            key: 'audit',
            label: t('admin.tab.audit'),
            children: (
              <>
                {card(<SettingsForm data={data} keys={keysOf('audit')} />)}
                <div style={{ marginTop: 16 }}>{card(<AuditTab />)}</div>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}

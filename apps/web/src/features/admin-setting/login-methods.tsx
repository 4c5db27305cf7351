/** Sign-in methods tab: switches and settings of account/LDAP/form sign-in with test buttons, and the OAuth2/OIDC providers. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Modal, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { type SettingsData, SettingsForm } from './settings-form';

interface TestResult {
  ok: boolean;
  message: string;
}

export function TestResultAlert({ r }: { r: TestResult | null }) {
  const { t } = useTranslation();
  if (!r) return null;
  return (
    <Alert
      data-testid="test-result"
      style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}
      type={r.ok ? 'success' : 'error'}
      showIcon
      title={r.ok ? t('admin.testOk') : t('admin.testFailed')}
      description={r.message}
    />
  );
}

/** A test button with an optional username/password, showing the server's full answer. */
function CredentialTest({ url, needsCredentials }: { url: string; needsCredentials?: boolean }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [r, setR] = useState<TestResult | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      setR(await api.post<TestResult>(url, username ? { username, password } : {}));
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

export interface ProviderView {
  id: string;
  enabled: boolean;
  type: 'oidc' | 'oauth2';
  buttonText: string;
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  hasSecret: boolean;
  scope: string;
  claimId: string;
  claimUsername: string;
  claimNickname: string;
  claimEmail: string;
  autoCreate: boolean;
  redirectUri: string;
}

function ProviderEditor({ value, onClose }: { value: Partial<ProviderView> | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('type', form) ?? value?.type ?? 'oidc';
  const save = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api.post('admin/sso/oauth/save', { ...v, id: value?.id ?? '' });
      onClose(true);
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!value}
      title={value?.id ? t('admin.oauth.edit') : t('admin.oauth.add')}
      onCancel={() => onClose(false)}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {value && (
        <Form
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={{
            enabled: true,
            type: 'oidc',
            scope: 'openid profile email',
            claimId: 'sub',
            claimUsername: 'preferred_username',
            claimNickname: 'name',
            claimEmail: 'email',
            autoCreate: true,
            ...value,
            clientSecret: '',
          }}
        >
          {value.redirectUri && (
            <Alert
              style={{ marginBottom: 12 }}
              type="info"
              title={t('admin.oauth.redirectUri')}
              description={<Typography.Text copyable>{value.redirectUri}</Typography.Text>}
            />
          )}
          <Form.Item name="enabled" valuePropName="checked">
            <Checkbox>{t('admin.oauth.enabled')}</Checkbox>
          </Form.Item>
          <Form.Item name="type" label={t('admin.oauth.type')}>
            <Radio.Group
              options={[
                { value: 'oidc', label: t('admin.oauth.type.oidc') },
                { value: 'oauth2', label: t('admin.oauth.type.oauth2') },
              ]}
            />
          </Form.Item>
          <Form.Item name="buttonText" label={t('admin.oauth.buttonText')} rules={[{ required: true, max: 64 }]}>
            <Input />
          </Form.Item>
          {type === 'oidc' ? (
            <Form.Item name="issuer" label={t('admin.oauth.issuer')} rules={[{ required: true, type: 'url' }]}>
              <Input placeholder="https://sso.example.com/realms/main" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="authorizationUrl" label={t('admin.oauth.authorizationUrl')} rules={[{ required: true, type: 'url' }]}>
                <Input placeholder="https://github.com/login/oauth/authorize" />
              </Form.Item>
              <Form.Item name="tokenUrl" label={t('admin.oauth.tokenUrl')} rules={[{ required: true, type: 'url' }]}>
                <Input placeholder="https://github.com/login/oauth/access_token" />
              </Form.Item>
              <Form.Item name="userinfoUrl" label={t('admin.oauth.userinfoUrl')} rules={[{ required: true, type: 'url' }]}>
                <Input placeholder="https://api.github.com/user" />
              </Form.Item>
            </>
          )}
          <Form.Item name="clientId" label={t('admin.oauth.clientId')} rules={[{ required: true, max: 255 }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="clientSecret"
            label={`${t('admin.oauth.clientSecret')} ${value.hasSecret ? `(${t('admin.secretSet')})` : ''}`}
            rules={[{ max: 1024 }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="scope" label={t('admin.oauth.scope')}>
            <Input />
          </Form.Item>
          <Flex gap={8} wrap>
            <Form.Item name="claimId" label={t('admin.oauth.claimId')}>
              <Input />
            </Form.Item>
            <Form.Item name="claimUsername" label={t('admin.oauth.claimUsername')}>
              <Input />
            </Form.Item>
            <Form.Item name="claimNickname" label={t('admin.oauth.claimNickname')}>
              <Input />
            </Form.Item>
            <Form.Item name="claimEmail" label={t('admin.oauth.claimEmail')}>
              <Input />
            </Form.Item>
          </Flex>
          <Form.Item name="autoCreate" valuePropName="checked">
            <Checkbox>{t('admin.oauth.autoCreate')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

function OAuthProviders() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ['admin', 'oauth'], queryFn: () => api.get<ProviderView[]>('admin/sso/oauth/list') });
  const [editing, setEditing] = useState<Partial<ProviderView> | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const test = async (id: string) => {
    try {
      setResult(await api.post<TestResult>('admin/sso/oauth/test', { id }));
    } catch (e) {
      showError(e);
    }
  };
  return (
    <>
      <Flex justify="end" style={{ marginBottom: 8 }}>
        <Button type="primary" onClick={() => setEditing({})}>
          {t('admin.oauth.add')}
        </Button>
      </Flex>
      <Table
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('admin.oauth.buttonText'), dataIndex: 'buttonText' },
          { title: t('admin.oauth.type'), dataIndex: 'type', render: (v: string) => <Tag>{v}</Tag> },
          {
            title: t('admin.oauth.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? <Tag color="green">✓</Tag> : <Tag>-</Tag>),
          },
          {
            title: t('admin.oauth.redirectUri'),
            dataIndex: 'redirectUri',
            render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
          },
          {
            title: '',
            key: 'ops',
            render: (_: unknown, p: ProviderView) => (
              <Space>
                <Button size="small" onClick={() => setEditing(p)}>
                  {t('common.edit')}
                </Button>
                <Button size="small" onClick={() => test(p.id)}>
                  {t('admin.test')}
                </Button>
                <Popconfirm
                  title={t('common.confirmDelete')}
                  onConfirm={async () => {
                    try {
                      await api.post('admin/sso/oauth/delete', { id: p.id });
                      list.refetch();
                    } catch (e) {
                      showError(e);
                    }
                  }}
                >
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <TestResultAlert r={result} />
      <ProviderEditor
        value={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) {
            ui.message?.success(t('admin.saved'));
            list.refetch();
          }
        }}
      />
    </>
  );
}

export function LoginMethodsTab({ data, onSaved }: { data: SettingsData; onSaved: (d: SettingsData) => void }) {
  const { t } = useTranslation();
  const keysOf = (group: string) => data.defs.filter((d) => d.group === group).map((d) => d.key);
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('admin.tab.login')}>
        <SettingsForm data={data} keys={['folio.login.account.enable']} onSaved={onSaved} />
      </Card>
      <Card size="small" title={t('admin.ldap')}>
        <SettingsForm data={data} keys={keysOf('ldap')} onSaved={onSaved} />
        <CredentialTest url="admin/sso/ldap/test" />
      </Card>
      <Card size="small" title={t('admin.form')}>
        <SettingsForm data={data} keys={keysOf('form')} onSaved={onSaved} />
        <CredentialTest url="admin/sso/form/test" needsCredentials />
      </Card>
      <Card size="small" title={t('admin.oauth')}>
        <SettingsForm data={data} keys={keysOf('oauth')} onSaved={onSaved} />
        <div style={{ marginTop: 16 }}>
          <OAuthProviders />
        </div>
      </Card>
    </Flex>
  );
}

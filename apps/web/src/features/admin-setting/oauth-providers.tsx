/** The OAuth2/OIDC providers of the sign-in methods tab, and their editor. */
import type { OAuthProviderSaveInput } from '@folio/shared';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import {
  type OAuthProviderItem,
  type SsoTestResult,
  testOAuthProvider,
  useDeleteOAuthProviderMutation,
  useOAuthProvidersQuery,
  useSaveOAuthProviderMutation,
} from '../sso/api';
import { TestResultAlert } from './test-result-alert';

/** Adds or edits a provider (the secret is write-only: empty keeps it). */
function ProviderEditor({ value, onClose }: { value: Partial<OAuthProviderItem> | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const saveProvider = useSaveOAuthProviderMutation();
  const type = Form.useWatch('type', form) ?? value?.type ?? 'oidc';
  const save = async (v: OAuthProviderSaveInput) => {
    try {
      await saveProvider.mutateAsync({ ...v, id: value?.id ?? '' });
      onClose(true);
    } catch (e) {
      showError(e, form);
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
          <Button type="primary" htmlType="submit" loading={saveProvider.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

/** The OAuth2/OIDC providers: list, add, edit, test, delete. */
export function OAuthProviders() {
  const { t } = useTranslation();
  const list = useOAuthProvidersQuery();
  const remove = useDeleteOAuthProviderMutation();
  const [editing, setEditing] = useState<Partial<OAuthProviderItem> | null>(null);
  const [result, setResult] = useState<SsoTestResult | null>(null);
  const test = async (id: string) => {
    try {
      setResult(await testOAuthProvider(id));
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
            render: (_: unknown, p: OAuthProviderItem) => (
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
                      await remove.mutateAsync(p.id);
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
          if (saved) ui.message?.success(t('admin.saved'));
        }}
      />
    </>
  );
}

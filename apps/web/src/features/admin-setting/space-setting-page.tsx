/** /space/setting/{spaceId}: the space's MeterSphere account (connection test) and each application's target. */
import { Alert, Button, Card, Collapse, Flex, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { useModulesQuery } from '../application/api';
import { useSpaceProjects } from '../space/space-api';
import { fetchMsWorkspaces, testMsAccount, useMsAccountQuery, useSaveMsAccountMutation } from './api';
import { MeterSpherePanel } from './metersphere-panel';
import { TestResultAlert } from './test-result-alert';

function Applications({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const projects = useSpaceProjects(spaceId);
  const [projectId, setProjectId] = useState<string>();
  const modules = useModulesQuery(projectId);
  return (
    <Card size="small" title={t('ms.targets')}>
      <Select
        placeholder={t('ms.folioProject')}
        style={{ width: 260, marginBottom: 12 }}
        value={projectId}
        onChange={setProjectId}
        options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <Collapse
        items={(modules.data ?? []).map((m) => ({ key: m.id, label: m.name, children: <MeterSpherePanel moduleId={m.id} /> }))}
        destroyOnHidden
      />
    </Card>
  );
}

export function SpaceSettingPage({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const acc = useMsAccountQuery(spaceId);
  const saveAccount = useSaveMsAccountMutation(spaceId);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [workspaces, setWorkspaces] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (acc.data) form.setFieldsValue({ ...acc.data, msSecretKey: '' });
  }, [acc.data, form]);
  if (!acc.data) return null;

  const save = async (v: Record<string, string>) => {
    try {
      const ws = workspaces.find((w) => w.id === v.msSpaceId);
      await saveAccount.mutateAsync({ ...v, msSpaceName: ws?.name ?? acc.data?.msSpaceName ?? '' });
      ui.message?.success(t('admin.saved'));
    } catch (e) {
      showError(e, form);
    }
  };
  return (
    <div data-testid="space-setting-page">
      {!acc.data.enabled ? (
        <Alert type="info" showIcon title={`${t('ms.title')}: ${t('ms.disabled')}`} />
      ) : (
        <Flex vertical gap={16}>
          <Card size="small" title={t('ms.title')}>
            <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 560 }}>
              <Form.Item name="msAddress" label={t('ms.address')} rules={[{ required: true, type: 'url' }, { max: 512 }]}>
                <Input placeholder="http://metersphere.example:8081" />
              </Form.Item>
              <Form.Item name="msAccessKey" label={t('ms.accessKey')} rules={[{ required: true, max: 255 }]}>
                <Input />
              </Form.Item>
              <Form.Item
                name="msSecretKey"
                label={`${t('ms.secretKey')} ${acc.data.hasSecretKey ? `(${t('admin.secretSet')})` : ''}`}
                rules={[{ required: !acc.data.hasSecretKey, max: 255 }]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item name="msSpaceId" label={t('ms.workspace')}>
                <Select
                  allowClear
                  options={
                    workspaces.length
                      ? workspaces.map((w) => ({ value: w.id, label: w.name }))
                      : acc.data.msSpaceId
                        ? [{ value: acc.data.msSpaceId, label: acc.data.msSpaceName || acc.data.msSpaceId }]
                        : []
                  }
                />
              </Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={saveAccount.isPending}>
                  {t('common.save')}
                </Button>
                <Button
                  disabled={!acc.data.hasSecretKey}
                  onClick={async () => {
                    try {
                      setResult(await testMsAccount(spaceId));
                    } catch (e) {
                      showError(e);
                    }
                  }}
                >
                  {t('ms.testConnection')}
                </Button>
                <Button
                  disabled={!acc.data.hasSecretKey}
                  onClick={async () => {
                    try {
                      setWorkspaces(await fetchMsWorkspaces(spaceId));
                    } catch (e) {
                      showError(e);
                    }
                  }}
                >
                  {t('ms.loadWorkspaces')}
                </Button>
              </Space>
              <TestResultAlert r={result} />
            </Form>
          </Card>
          {acc.data.hasSecretKey && <Applications spaceId={spaceId} />}
        </Flex>
      )}
    </div>
  );
}

/** /space/setting/{spaceId}: the space's MeterSphere account (connection test) and each application's target. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Flex, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { fetchModules } from '../application/api';
import { TestResultAlert } from './login-methods';
import { MeterSpherePanel } from './metersphere-panel';

interface MsAccountView {
  enabled: boolean;
  msAddress: string;
  msAccessKey: string;
  hasSecretKey: boolean;
  msSpaceId: string;
  msSpaceName: string;
}

function Applications({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const projects = useQuery({
    queryKey: ['space-projects', spaceId],
    queryFn: () => api.get<{ id: string; name: string }[]>('space/project/list', { spaceId }),
  });
  const [projectId, setProjectId] = useState<string>();
  const modules = useQuery({
    queryKey: ['modules', projectId],
    queryFn: () => fetchModules(projectId ?? ''),
    enabled: !!projectId,
  });
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
  const acc = useQuery({ queryKey: ['ms-account', spaceId], queryFn: () => api.get<MsAccountView>('space/metersphere/load', { spaceId }) });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [workspaces, setWorkspaces] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (acc.data) form.setFieldsValue({ ...acc.data, msSecretKey: '' });
  }, [acc.data, form]);
  if (!acc.data) return null;

  const save = async (v: Record<string, string>) => {
    setBusy(true);
    try {
      const ws = workspaces.find((w) => w.id === v.msSpaceId);
      await api.post('space/metersphere/save', { ...v, spaceId, msSpaceName: ws?.name ?? acc.data?.msSpaceName ?? '' });
      ui.message?.success(t('admin.saved'));
      acc.refetch();
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
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
                <Button type="primary" htmlType="submit" loading={busy}>
                  {t('common.save')}
                </Button>
                <Button
                  disabled={!acc.data.hasSecretKey}
                  onClick={async () => {
                    try {
                      setResult(await api.post('space/metersphere/test', { spaceId }));
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
                      setWorkspaces(await api.get('space/metersphere/workspaces', { spaceId }));
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

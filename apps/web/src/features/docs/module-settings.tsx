/**
 * Application settings: name, environments (order, public flag, own headers/params), common headers /
 * request params / responses, push token (view, copy, reset), chat webhooks, Swagger settings, MeterSphere
 * (when the install enables it), delete. Each tab lives in its own file beside this one.
 */
import { ParamStyle } from '@folio/shared';
import { Button, Form, Input, Space, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { useCan } from '../../lib/auth';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { MeterSpherePanel } from '../admin-setting/metersphere-panel';
import { type ModuleInfo, useDeleteModuleMutation, useRenameModuleMutation } from '../application/api';
import { notifyDeleted } from '../trash/trash-api';
import { WebhookSettings } from '../webhooks/webhook-settings';
import type { ModuleItem } from './docs-api';
import { CommonParams } from './module-common-params';
import { Environments } from './module-environments';
import { PushToken, SwaggerSettings } from './module-push-settings';

function ModuleGeneral({
  module,
  canEdit,
  canDelete,
  onDeleted,
}: {
  module: Pick<ModuleInfo, 'id' | 'name'>;
  canEdit: boolean;
  canDelete: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameModuleMutation();
  const remove = useDeleteModuleMutation();
  const [form] = Form.useForm();
  useEffect(() => form.setFieldsValue({ name: module.name }), [module, form]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Form
        form={form}
        layout="inline"
        disabled={!canEdit}
        onFinish={async (v) => {
          try {
            await rename.mutateAsync({ id: module.id, name: v.name.trim() });
            ui.message?.success(t('common.saved'));
          } catch (e) {
            showError(e, form);
          }
        }}
      >
        <Form.Item
          name="name"
          label={t('module.name')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('validation.notEmptyLength', { 0: 64 }) }]}
        >
          <Input style={{ width: 260 }} />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit">
            {t('common.save')}
          </Button>
        )}
      </Form>
      <Typography.Text type="secondary">
        ID: <Typography.Text copyable>{module.id}</Typography.Text>
      </Typography.Text>
      {canDelete && (
        <Button
          danger
          onClick={() =>
            confirmAction({
              title: t('module.deleteConfirm', { 0: module.name }),
              content: t('module.deleteHint'),
              run: async () => {
                const r = await remove.mutateAsync(module.id);
                onDeleted();
                notifyDeleted(r?.trashId);
              },
            })
          }
        >
          {t('module.delete')}
        </Button>
      )}
    </Space>
  );
}

export function ModuleSettings({ module, projectId, onDeleted }: { module: ModuleItem; projectId: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can('module.update', projectId);
  const envEdit = can('environment.update', projectId);
  const moduleId = module.id;
  const viewConfig = useViewConfig();
  const meterSphere = !!viewConfig.data?.enableMeterSphere && can('module.manageWebhooks', projectId);
  return (
    <Tabs
      tabPosition="top"
      items={[
        {
          key: 'general',
          label: t('module.general'),
          children: <ModuleGeneral module={module} canEdit={canEdit} canDelete={can('module.delete', projectId)} onDeleted={onDeleted} />,
        },
        { key: 'env', label: t('env.title'), children: <Environments moduleId={moduleId} canEdit={envEdit} /> },
        {
          key: 'headers',
          label: t('module.commonHeaders'),
          children: <CommonParams key={`${moduleId}-HEADER`} moduleId={moduleId} style={ParamStyle.HEADER} canEdit={canEdit} />,
        },
        {
          key: 'params',
          label: t('module.commonParams'),
          children: <CommonParams key={`${moduleId}-REQUEST`} moduleId={moduleId} style={ParamStyle.REQUEST} canEdit={canEdit} />,
        },
        {
          key: 'returns',
          label: t('module.commonReturns'),
          children: <CommonParams key={`${moduleId}-RESPONSE`} moduleId={moduleId} style={ParamStyle.RESPONSE} canEdit={canEdit} />,
        },
        {
          key: 'token',
          label: t('module.pushToken'),
          children: <PushToken moduleId={moduleId} canManage={can('module.manageToken', projectId)} />,
        },
        { key: 'webhooks', label: t('module.webhooks'), children: <WebhookSettings moduleId={moduleId} /> },
        { key: 'swagger', label: t('module.settingsTab'), children: <SwaggerSettings moduleId={moduleId} canEdit={canEdit} /> },
        ...(meterSphere
          ? [{ key: 'metersphere', label: t('module.meterSphere'), children: <MeterSpherePanel key={moduleId} moduleId={moduleId} /> }]
          : []),
      ]}
    />
  );
}

/**
 * Application settings: name, environments (order, public flag, own headers/params), common headers /
 * request params / responses, push token (view, copy, reset), chat webhooks, Swagger settings, MeterSphere
 * (when the install enables it), delete.
 */
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { normalizeHost, ParamStyle } from '@folio/shared';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Skeleton, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { ParamTable } from '../../components/param-table';
import { useCan } from '../../lib/auth';
import { copyText } from '../../lib/clipboard';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { type EditParam, fromDocParams, invalidNames, toDocParams } from '../../lib/param-tree';
import { ui } from '../../lib/ui';
import { useUnsavedEdits } from '../../lib/unsaved';
import { MeterSpherePanel } from '../admin-setting/metersphere-panel';
import {
  type EnvironmentInfo,
  type ModuleInfo,
  useCommonParamsQuery,
  useDeleteEnvironmentMutation,
  useDeleteModuleMutation,
  useEnvironmentsQuery,
  useModuleSettingsQuery,
  useModuleTokenQuery,
  useRenameModuleMutation,
  useResetModuleTokenMutation,
  useSaveCommonParamsMutation,
  useSaveEnvironmentMutation,
  useSaveModuleSettingsMutation,
} from '../application/api';
import { notifyDeleted } from '../trash/trash-api';
import { WebhookSettings } from '../webhooks/webhook-settings';
import type { ModuleItem } from './docs-api';

function EnvironmentDialog({ moduleId, env, onClose }: { moduleId: string; env: EnvironmentInfo | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveEnvironmentMutation(moduleId);
  const [form] = Form.useForm();
  const [headers, setHeaders] = useState<EditParam[]>([]);
  const [params, setParams] = useState<EditParam[]>([]);
  const initOrder = useViewConfig().data?.initOrder ?? 10000;
  useEffect(() => {
    if (!env) return;
    const e = env === 'new' ? null : env;
    form.setFieldsValue({ name: e?.name ?? '', url: e?.url ?? '', isPublic: !!e?.isPublic, orderIndex: e?.orderIndex ?? 0 });
    setHeaders(fromDocParams(e?.headers));
    setParams(fromDocParams(e?.params));
  }, [env, form]);
  return (
    <Modal
      open={!!env}
      width={900}
      title={env === 'new' ? t('env.add') : t('env.edit')}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        const body = {
          name: v.name.trim(),
          url: normalizeHost(v.url),
          isPublic: v.isPublic ? 1 : 0,
          orderIndex: v.orderIndex ?? 0,
          headers: toDocParams(headers),
          params: toDocParams(params),
        };
        try {
          await save.mutateAsync(env && env !== 'new' ? { ...body, id: env.id } : body);
          onClose();
        } catch (e) {
          showError(e, form);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Space wrap align="start">
          <Form.Item
            name="name"
            label={t('env.name')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('validation.notEmptyLength', { 0: 64 }) }]}
          >
            <Input style={{ width: 200 }} data-testid="env-name" />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('env.url')}
            rules={[
              { required: true, message: t('validation.notEmpty') },
              { pattern: /^(https?:\/\/\S+|\/\S*)\s*$/, message: t('validation.url') },
            ]}
            normalize={(v: string) => v?.trimStart()}
          >
            <Input style={{ width: 360 }} placeholder="https://api.example.com" data-testid="env-url" />
          </Form.Item>
          <Form.Item name="orderIndex" label={t('env.order')}>
            <InputNumber controls={false} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="isPublic" label={t('env.public')} valuePropName="checked" tooltip={t('env.publicHint')}>
            <Switch />
          </Form.Item>
        </Space>
      </Form>
      <Tabs
        size="small"
        items={[
          {
            key: 'h',
            label: t('env.headers'),
            children: <ParamTable kind="header" value={headers} onChange={setHeaders} initOrder={initOrder} />,
          },
          {
            key: 'p',
            label: t('env.params'),
            children: <ParamTable kind="query" value={params} onChange={setParams} initOrder={initOrder} />,
          },
        ]}
      />
    </Modal>
  );
}

function Environments({ moduleId, canEdit }: { moduleId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useEnvironmentsQuery(moduleId);
  const remove = useDeleteEnvironmentMutation(moduleId);
  const [editing, setEditing] = useState<EnvironmentInfo | 'new' | null>(null);
  return (
    <>
      {canEdit && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="env-add">
          {t('env.add')}
        </Button>
      )}
      <Table<EnvironmentInfo>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={[...(data ?? [])].sort((a, b) => a.orderIndex - b.orderIndex)}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { title: t('env.name'), dataIndex: 'name' },
          { title: t('env.url'), dataIndex: 'url', render: (v) => <Typography.Text copyable>{v}</Typography.Text> },
          { title: t('env.order'), dataIndex: 'orderIndex', width: 80 },
          {
            title: t('env.public'),
            dataIndex: 'isPublic',
            width: 90,
            render: (v) => (v ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
          },
          {
            title: t('env.headers'),
            key: 'hp',
            width: 120,
            render: (_, r) => `${r.headers?.length ?? 0} / ${r.params?.length ?? 0}`,
          },
          ...(canEdit
            ? [
                {
                  title: t('common.actions'),
                  key: 'op',
                  width: 120,
                  render: (_: unknown, r: EnvironmentInfo) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => setEditing(r)}
                        aria-label={t('common.edit')}
                      />
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('common.delete')}
                        onClick={() =>
                          confirmAction({
                            title: t('env.deleteConfirm', { 0: r.name }),
                            run: () => remove.mutateAsync(r.id),
                          })
                        }
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <EnvironmentDialog moduleId={moduleId} env={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function CommonParams({ moduleId, style, canEdit }: { moduleId: string; style: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const initOrder = useViewConfig().data?.initOrder ?? 10000;
  const { data, isLoading } = useCommonParamsQuery(moduleId, style);
  const save = useSaveCommonParamsMutation(moduleId, style);
  const [rows, setRows] = useState<EditParam[] | null>(null);
  useUnsavedEdits(rows !== null);
  const [base, setBase] = useState<EditParam[]>([]);
  useEffect(() => setBase(fromDocParams(data)), [data]);
  if (isLoading) return <Skeleton active />;
  const kind = style === ParamStyle.HEADER ? 'header' : style === ParamStyle.RESPONSE ? 'response' : 'request';
  return (
    <>
      {style === ParamStyle.RESPONSE && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('module.dataNodeHint')} />}
      <ParamTable kind={kind} value={rows ?? base} onChange={setRows} initOrder={initOrder} readOnly={!canEdit} />
      {canEdit && (
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          disabled={rows === null}
          onClick={async () => {
            const list = rows ?? base;
            if (invalidNames(list).length) {
              ui.message?.error(t('param.nameFormat'));
              return;
            }
            try {
              await save.mutateAsync(toDocParams(list));
              setRows(null);
              ui.message?.success(t('common.saved'));
            } catch (e) {
              showError(e);
            }
          }}
        >
          {t('common.save')}
        </Button>
      )}
    </>
  );
}

function PushToken({ moduleId, canManage }: { moduleId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useModuleTokenQuery(moduleId, canManage);
  const reset = useResetModuleTokenMutation(moduleId);
  if (!canManage) return <Alert type="info" title={t('common.noPermission')} />;
  const pushUrl = `${window.location.origin}/api`;
  return (
    <Card size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('module.pushUrl')}</Typography.Text>
        <Typography.Text code copyable>
          {pushUrl}
        </Typography.Text>
        <Typography.Text type="secondary">{t('module.token')}</Typography.Text>
        {isLoading ? (
          <Skeleton.Input active />
        ) : (
          <Space wrap>
            <Typography.Text code data-testid="module-token">
              {data?.token}
            </Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => data && copyText(data.token)}>
              {t('common.copy')}
            </Button>
            <Button
              size="small"
              danger
              icon={<ReloadOutlined />}
              onClick={() =>
                confirmAction({
                  title: t('module.resetTokenConfirm'),
                  content: t('module.resetTokenHint'),
                  run: () => reset.mutateAsync(),
                })
              }
            >
              {t('module.resetToken')}
            </Button>
          </Space>
        )}
        <Link to={`/openapi?moduleId=${encodeURIComponent(moduleId)}`} data-testid="push-guide-link">
          {t('module.pushGuide')}
        </Link>
      </Space>
    </Card>
  );
}

function SwaggerSettings({ moduleId, canEdit }: { moduleId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { data, isLoading } = useModuleSettingsQuery(moduleId);
  const save = useSaveModuleSettingsMutation(moduleId);
  useEffect(() => {
    if (data) form.setFieldsValue({ ...data, swagger: { ...data.swagger, authPassword: undefined } });
  }, [data, form]);
  if (isLoading) return <Skeleton active />;
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canEdit}
      style={{ maxWidth: 560 }}
      onFinish={async (v) => {
        try {
          const swagger = {
            url: (v.swagger?.url ?? '').trim(),
            authUsername: v.swagger?.authUsername ?? '',
            ...(v.swagger?.authPassword ? { authPassword: v.swagger.authPassword } : {}),
          };
          await save.mutateAsync({
            override: v.override ? 1 : 0,
            printContent: v.printContent ? 1 : 0,
            debugProxy: v.debugProxy ? 1 : 0,
            swagger,
          });
          ui.message?.success(t('common.saved'));
        } catch (e) {
          showError(e, form);
        }
      }}
    >
      <Typography.Title level={5}>{t('swagger.title')}</Typography.Title>
      <Form.Item
        name={['swagger', 'url']}
        label={t('swagger.url')}
        rules={[{ pattern: /^(https?:\/\/\S+)?$/, message: t('validation.url') }]}
      >
        <Input placeholder="https://example.com/v3/api-docs" />
      </Form.Item>
      <Form.Item name={['swagger', 'authUsername']} label={t('swagger.username')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name={['swagger', 'authPassword']}
        label={t('swagger.password')}
        extra={data?.swagger.hasPassword ? t('swagger.passwordKept') : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Typography.Title level={5}>{t('module.pushSettings')}</Typography.Title>
      <Form.Item name="override" label={t('module.pushOverride')} valuePropName="checked" extra={t('module.pushOverrideHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="printContent" label={t('module.printContent')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="debugProxy" label={t('module.debugProxy')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {canEdit && (
        <Button type="primary" htmlType="submit">
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}

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

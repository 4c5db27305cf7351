/** How docs reach an application: its push token and guide, the Swagger source and the push settings. */
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import {
  useModuleSettingsQuery,
  useModuleTokenQuery,
  useResetModuleTokenMutation,
  useSaveModuleSettingsMutation,
} from '../application/api';

/** The push URL and token of an application (view, copy, reset) and the link to the push guide. */
export function PushToken({ moduleId, canManage }: { moduleId: string; canManage: boolean }) {
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

/** Swagger source (URL and basic auth) and the push settings of an application. */
export function SwaggerSettings({ moduleId, canEdit }: { moduleId: string; canEdit: boolean }) {
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

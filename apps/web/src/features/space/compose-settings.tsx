/** A compose project's settings tab. */
import { ComposeType } from '@folio/shared';
import { Button, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { type ComposeProject, fetchComposePassword, useUpdateComposeProjectMutation } from '../compose/api';

/** The fields a compose project is created and edited with: name (≤ 128, as the server allows), description, visibility. */
export function ComposeBasicFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('compose.name')}
        rules={[{ required: true, whitespace: true, max: 128, message: t('validation.notEmptyLength', { 0: 128 }) }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('project.description')}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="type" label={t('share.type')}>
        <Radio.Group
          options={[
            { value: ComposeType.PUBLIC, label: t('share.public') },
            { value: ComposeType.ENCRYPT, label: t('share.encrypt') },
          ]}
        />
      </Form.Item>
    </>
  );
}

/** A compose project's settings: name, visibility and password, debugging, gateway, order. */
export function ComposeSettings({ project }: { project: ComposeProject }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const type = Form.useWatch('type', form);
  const update = useUpdateComposeProjectMutation();
  useEffect(() => {
    form.setFieldsValue({ ...project, password: '', showDebug: !!project.showDebug, status: project.status === 1 });
  }, [project, form]);
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={async (v) => {
        try {
          await update.mutateAsync({
            id: project.id,
            name: v.name.trim(),
            description: v.description ?? '',
            type: v.type,
            ...(v.type === ComposeType.ENCRYPT && v.password?.trim() ? { password: v.password.trim() } : {}),
            showDebug: v.showDebug ? 1 : 0,
            gatewayUrl: (v.gatewayUrl ?? '').trim(),
            orderIndex: v.orderIndex ?? 0,
          });
          ui.message?.success(t('common.saved'));
        } catch (e) {
          showError(e, form);
        }
      }}
    >
      <ComposeBasicFields />
      {type === ComposeType.ENCRYPT && (
        <Form.Item
          label={t('share.password')}
          extra={project.type === ComposeType.ENCRYPT ? t('share.passwordKeep') : t('share.passwordAuto')}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="password" noStyle>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
            {project.type === ComposeType.ENCRYPT && (
              <Button
                onClick={async () => {
                  try {
                    const r = await fetchComposePassword(project.id);
                    await copyText(r.password);
                  } catch (e) {
                    showError(e);
                  }
                }}
              >
                {t('compose.copyPassword')}
              </Button>
            )}
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item name="showDebug" label={t('share.allowDebug')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="gatewayUrl"
        label={t('compose.gatewayUrl')}
        rules={[{ pattern: /^(https?:\/\/\S+)?$/, message: t('validation.url') }]}
      >
        <Input placeholder="https://gateway.example.com" />
      </Form.Item>
      <Form.Item name="orderIndex" label={t('doc.order')}>
        <InputNumber controls={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}

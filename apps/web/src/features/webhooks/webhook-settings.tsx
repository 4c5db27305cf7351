/**
 * An application's chat webhooks (DingTalk, WeCom, Feishu/Lark, Slack, generic JSON): add, edit, enable,
 * test-send, delete, and the delivery log with retry. Only the application's admins reach this tab's data
 * (the server answers 403 to others).
 */

import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { formatDateTime } from '@folio/shared';
import { Button, Card, Checkbox, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { showError } from '../../lib/errors';
import {
  type Delivery,
  refreshWebhooks,
  useDeleteWebhookMutation,
  useDeliveriesQuery,
  useRetryDeliveryMutation,
  useSaveWebhookMutation,
  useTestWebhookMutation,
  useWebhooksQuery,
  WEBHOOK_KINDS,
  type Webhook,
  type WebhookSaveInput,
} from './api';

const STATE_COLORS: Record<string, string> = {
  done: 'success',
  failed: 'error',
  retry: 'warning',
  queued: 'default',
  sending: 'processing',
};

export function WebhookSettings({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const list = useWebhooksQuery(moduleId);
  const log = useDeliveriesQuery(moduleId, page);
  const refresh = () => refreshWebhooks(moduleId);
  const save = useSaveWebhookMutation(moduleId);
  const saveWebhook = (body: WebhookSaveInput) =>
    save.mutate(body, { onSuccess: () => setEditing(null), onError: (e) => showError(e, form) });
  // The last test-send's outcome per webhook, shown beside its button.
  const [tested, setTested] = useState<Record<string, { ok: boolean; text: string }>>({});
  const test = useTestWebhookMutation(moduleId);
  const sendTest = (id: string) =>
    test.mutate(id, {
      onSuccess: (r) => {
        const ok = r.state === 'done';
        const text = ok ? t('webhook.testOk', { status: r.status }) : t('webhook.testFailed', { error: r.error || `HTTP ${r.status}` });
        setTested((m) => ({ ...m, [id]: { ok, text } }));
      },
    });
  const retry = useRetryDeliveryMutation(moduleId);
  const remove = useDeleteWebhookMutation(moduleId);

  const open = (h: Webhook | 'new') => {
    setEditing(h);
    form.resetFields();
    form.setFieldsValue(
      h === 'new' ? { kind: 'dingtalk', name: '', url: '', secret: '', enabled: true } : { ...h, secret: '', enabled: !!h.enabled },
    );
  };
  const submit = async () => {
    const v = await form.validateFields();
    const body: WebhookSaveInput = { kind: v.kind, name: v.name ?? '', url: v.url, enabled: v.enabled ? 1 : 0 };
    if (editing !== 'new' && editing) body.id = editing.id;
    if (v.removeSecret) body.secret = '';
    else if (v.secret) body.secret = v.secret;
    saveWebhook(body);
  };
  const kind = Form.useWatch('kind', form);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        size="small"
        title={t('webhook.title')}
        extra={
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('webhook.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('webhook.intro')}</Typography.Paragraph>
        <Table<Webhook>
          size="small"
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          columns={[
            { title: t('webhook.name'), dataIndex: 'name' },
            { title: t('webhook.kind'), dataIndex: 'kind', render: (k: string) => t(`webhook.kind.${k}`) },
            {
              title: t('webhook.url'),
              dataIndex: 'url',
              ellipsis: true,
              render: (u: string) => <Typography.Text copyable={{ text: u }}>{u}</Typography.Text>,
            },
            {
              title: t('webhook.enabled'),
              dataIndex: 'enabled',
              render: (e: number, h) => (
                <Switch
                  size="small"
                  checked={!!e}
                  onChange={(on) => saveWebhook({ id: h.id, kind: h.kind, name: h.name, url: h.url, enabled: on ? 1 : 0 })}
                />
              ),
            },
            {
              key: 'actions',
              render: (_: unknown, h) => (
                <Space>
                  <Button
                    size="small"
                    icon={<SendOutlined />}
                    loading={test.isPending && test.variables === h.id}
                    onClick={() => sendTest(h.id)}
                  >
                    {t('webhook.test')}
                  </Button>
                  {tested[h.id] && (
                    <Typography.Text
                      type={tested[h.id].ok ? 'success' : 'danger'}
                      ellipsis={{ tooltip: tested[h.id].text }}
                      style={{ maxWidth: 320 }}
                      data-testid="webhook-test-result"
                    >
                      {tested[h.id].text}
                    </Typography.Text>
                  )}
                  <Button size="small" icon={<EditOutlined />} onClick={() => open(h)} aria-label={t('webhook.edit')} />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('common.delete')}
                    onClick={() =>
                      confirmAction({
                        title: t('webhook.deleteConfirm'),
                        run: () => remove.mutateAsync(h.id),
                      })
                    }
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <Card size="small" title={t('webhook.deliveries')} extra={<Button size="small" icon={<ReloadOutlined />} onClick={refresh} />}>
        <Table<Delivery>
          size="small"
          rowKey="id"
          loading={log.isLoading}
          dataSource={log.data?.list ?? []}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: log.data?.total ?? 0,
            pageSizeOptions: [5, 10, 20, 50, 100],
            showSizeChanger: true,
            onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
          }}
          expandable={{ expandedRowRender: (d) => <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.body}</pre> }}
          columns={[
            { title: t('history.time'), dataIndex: 'createdAt', render: (v: number) => formatDateTime(v) },
            { title: t('webhook.name'), dataIndex: 'webhookName' },
            { title: t('webhook.event'), dataIndex: 'event' },
            {
              title: t('webhook.state'),
              dataIndex: 'state',
              render: (s: string) => <Tag color={STATE_COLORS[s]}>{t(`webhook.state.${s}`)}</Tag>,
            },
            { title: t('webhook.attempts'), dataIndex: 'attempts' },
            { title: t('webhook.status'), dataIndex: 'responseStatus', render: (s: number) => s || '' },
            { title: t('webhook.error'), dataIndex: 'lastError', ellipsis: true },
            {
              key: 'retry',
              render: (_: unknown, d) =>
                d.state === 'failed' || d.state === 'retry' ? (
                  <Button
                    size="small"
                    icon={<ReloadOutlined />}
                    loading={retry.isPending && retry.variables === d.id}
                    onClick={() => retry.mutate(d.id)}
                  >
                    {t('webhook.retry')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>

      <Modal
        open={!!editing}
        title={editing === 'new' ? t('webhook.add') : t('webhook.edit')}
        onCancel={() => setEditing(null)}
        onOk={submit}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="webhook">
          <Form.Item name="kind" label={t('webhook.kind')} rules={[{ required: true }]}>
            <Select options={WEBHOOK_KINDS.map((k) => ({ value: k, label: t(`webhook.kind.${k}`) }))} />
          </Form.Item>
          <Form.Item name="name" label={t('webhook.name')} rules={[{ max: 128 }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('webhook.url')}
            rules={[{ required: true, type: 'url', message: t('validation.url') }, { max: 2048 }]}
          >
            <Input placeholder="https://oapi.dingtalk.com/robot/send?access_token=…" />
          </Form.Item>
          {(kind === 'dingtalk' || kind === 'feishu') && (
            <>
              <Form.Item name="secret" label={t('webhook.secret')} extra={t('webhook.secretHint')} rules={[{ max: 512 }]}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              {editing !== 'new' && editing?.hasSecret && (
                <Form.Item name="removeSecret" valuePropName="checked">
                  <Checkbox>{t('webhook.removeSecret')}</Checkbox>
                </Form.Item>
              )}
            </>
          )}
          <Form.Item name="enabled" label={t('webhook.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

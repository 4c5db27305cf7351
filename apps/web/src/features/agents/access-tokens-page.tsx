/**
 * User centre → Access tokens: read-only personal access tokens for AI agents and scripts (MCP, Markdown
 * twins, llms.txt). A new token is shown once; the list shows its prefix and last use; revoke ends it.
 */
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { formatDateTime } from '@folio/shared';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/errors';
import { type AccessToken, useAccessTokensQuery, useCreateAccessTokenMutation, useRevokeAccessTokenMutation } from './api';

export function AccessTokensPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; expiresInDays?: number }>();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState('');
  const list = useAccessTokensQuery();
  const revoke = useRevokeAccessTokenMutation();
  const create = useCreateAccessTokenMutation();
  const submit = (v: { name: string; expiresInDays?: number }) =>
    create.mutate(v, {
      onSuccess: (r) => {
        setCreated(r.token);
        setOpen(false);
        form.resetFields();
      },
      onError: (err) => showError(err, form),
    });
  return (
    <div className="page" data-testid="access-tokens">
      <PageHeader
        title={t('agents.tokens')}
        extra={
          <Button type="primary" icon={<KeyOutlined />} onClick={() => setOpen(true)}>
            {t('agents.tokens.create')}
          </Button>
        }
      />
      <Typography.Paragraph type="secondary">
        {t('agents.tokens.intro')} <Link to="/openapi">{t('agents.tokens.guide')}</Link>
      </Typography.Paragraph>
      {created && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setCreated('')}
          style={{ marginBottom: 16 }}
          message={t('agents.tokens.shownOnce')}
          description={
            <Space wrap>
              <Typography.Text code data-testid="new-token">
                {created}
              </Typography.Text>
              <Button size="small" icon={<CopyOutlined />} onClick={() => copyText(created)}>
                {t('common.copy')}
              </Button>
            </Space>
          }
        />
      )}
      <Table<AccessToken>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('agents.tokens.name'), dataIndex: 'name' },
          { title: t('agents.tokens.prefix'), dataIndex: 'prefix', render: (v) => <Typography.Text code>{v}…</Typography.Text> },
          { title: t('agents.tokens.scope'), dataIndex: 'scope', render: () => t('agents.tokens.readOnly') },
          { title: t('agents.tokens.createdAt'), dataIndex: 'createdAt', render: (v) => formatDateTime(v) },
          {
            title: t('agents.tokens.lastUsedAt'),
            dataIndex: 'lastUsedAt',
            render: (v) => (v ? formatDateTime(v) : t('agents.tokens.never')),
          },
          {
            title: t('agents.tokens.expiresAt'),
            dataIndex: 'expiresAt',
            render: (v) => (v ? formatDateTime(v) : t('agents.tokens.never')),
          },
          {
            title: t('common.actions'),
            key: 'op',
            render: (_, r) => (
              <Button
                type="link"
                danger
                size="small"
                onClick={() =>
                  confirmAction({
                    title: t('agents.tokens.revokeConfirm', { 0: r.name }),
                    run: () => revoke.mutateAsync(r.id),
                  })
                }
              >
                {t('agents.tokens.revoke')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={t('agents.tokens.create')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={create.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="name" label={t('agents.tokens.name')} rules={[{ required: true, max: 100 }]}>
            <Input placeholder="Claude Code, Cursor…" />
          </Form.Item>
          <Form.Item name="expiresInDays" label={t('agents.tokens.expiresInDays')}>
            <InputNumber controls={false} min={1} max={3650} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

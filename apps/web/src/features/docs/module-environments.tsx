/** An application's debug environments: order, public flag, own headers and query params. */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { normalizeHost } from '@folio/shared';
import { Button, Form, Input, InputNumber, Modal, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { ParamTable } from '../../components/param-table';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { type EditParam, fromDocParams, toDocParams } from '../../lib/param-tree';
import { type EnvironmentInfo, useDeleteEnvironmentMutation, useEnvironmentsQuery, useSaveEnvironmentMutation } from '../application/api';

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

/** An application's debug environments: the list, add, edit and delete (confirmed). */
export function Environments({ moduleId, canEdit }: { moduleId: string; canEdit: boolean }) {
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

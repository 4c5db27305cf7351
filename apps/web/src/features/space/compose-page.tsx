/**
 * Composed projects of a composed space: list, create (public or with password), enable/disable, delete,
 * open or copy the public /show link. Picking docs happens on the compose owner's pages.
 */
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { ComposeType, formatDateTime } from '@folio/shared';
import { Alert, Button, Form, Input, Modal, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/errors';
import {
  type ComposeProject,
  useAddComposeProjectMutation,
  useComposeProjectEnabledMutation,
  useComposeProjectsQuery,
  useDeleteComposeProjectMutation,
} from '../compose/api';
import { ComposeManageDrawer } from './compose-manage';
import { ComposeBasicFields } from './compose-settings';

export function SpaceComposePage() {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  const can = useCan();
  const manage = can('compose.manage', spaceId);
  const { data: list = [], isLoading, error } = useComposeProjectsQuery(spaceId);
  const add = useAddComposeProjectMutation(spaceId);
  const setEnabled = useComposeProjectEnabledMutation(spaceId);
  const remove = useDeleteComposeProjectMutation(spaceId);
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<ComposeProject | null>(null);
  const [form] = Form.useForm();
  const type = Form.useWatch('type', form);
  const showUrl = (r: ComposeProject) => `${window.location.origin}${r.url}`;

  return (
    <div className="page">
      <PageHeader
        title={t('compose.list')}
        extra={
          manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('compose.create')}
            </Button>
          )
        }
      />
      {error && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={error instanceof ApiError && error.code === '100' ? error.message : t('compose.unavailable')}
        />
      )}
      <Table<ComposeProject>
        rowKey="id"
        loading={isLoading}
        dataSource={list}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          { title: t('compose.name'), dataIndex: 'name' },
          {
            title: t('share.type'),
            dataIndex: 'type',
            render: (v: number) =>
              v === ComposeType.ENCRYPT ? <Tag color="orange">{t('share.encrypt')}</Tag> : <Tag color="green">{t('share.public')}</Tag>,
          },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (v: number, r) => (
              <Switch
                size="small"
                checked={v === 1}
                disabled={!manage}
                checkedChildren={t('common.enabled')}
                unCheckedChildren={t('common.disabled')}
                onChange={(on) =>
                  confirmAction({
                    title: on ? t('common.confirmEnable') : t('common.confirmDisable'),
                    danger: !on,
                    run: () => setEnabled.mutateAsync({ id: r.id, on }),
                  })
                }
              />
            ),
          },
          { title: t('common.createTime'), dataIndex: 'gmtCreate', render: (v) => formatDateTime(v) },
          {
            title: t('common.actions'),
            key: 'op',
            render: (_, r) => (
              <Space size={0} wrap>
                {manage && (
                  <Button type="link" size="small" onClick={() => setManaging(r)} data-testid="compose-manage">
                    {t('compose.manage')}
                  </Button>
                )}
                <Button type="link" size="small" href={r.url} target="_blank">
                  {t('common.open')}
                </Button>
                <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => copyText(showUrl(r))}>
                  {t('share.copyLink')}
                </Button>
                {manage && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirmAction({
                        title: t('common.confirmDelete'),
                        run: () => remove.mutateAsync(r.id),
                      })
                    }
                  >
                    {t('common.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ComposeManageDrawer project={managing} onClose={() => setManaging(null)} />
      <Modal
        open={creating}
        title={t('compose.create')}
        destroyOnHidden
        onCancel={() => setCreating(false)}
        onOk={async () => {
          const v = await form.validateFields();
          try {
            await add.mutateAsync({
              name: v.name.trim(),
              description: v.description ?? '',
              type: v.type,
              password: v.password || undefined,
            });
            form.resetFields();
            setCreating(false);
          } catch (e) {
            showError(e, form);
          }
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ type: ComposeType.PUBLIC }}>
          <ComposeBasicFields />
          {type === ComposeType.ENCRYPT && (
            <Form.Item name="password" label={t('share.password')} extra={t('share.passwordAuto')}>
              <Input maxLength={32} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </div>
  );
}

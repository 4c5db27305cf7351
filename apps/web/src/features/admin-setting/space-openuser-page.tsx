/** /space/openuser/{spaceId}: app key + secret pairs of the space (secret shown once; reset asks first). */
import { formatDateTime } from '@folio/shared';
import { Alert, Button, Flex, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import {
  type OpenUser,
  useAddOpenUserMutation,
  useDeleteOpenUserMutation,
  useOpenUserStatusMutation,
  useOpenUsersQuery,
  useResetOpenUserSecretMutation,
} from '../open-users/api';

export function SpaceOpenUserPage({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const list = useOpenUsersQuery(spaceId);
  const add = useAddOpenUserMutation(spaceId);
  const reset = useResetOpenUserSecretMutation(spaceId);
  const setStatus = useOpenUserStatusMutation(spaceId);
  const remove = useDeleteOpenUserMutation(spaceId);
  const [applicant, setApplicant] = useState('');
  const [shown, setShown] = useState<{ appKey: string; secret: string } | null>(null);
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <div data-testid="space-openuser-page">
      <Flex justify="end">
        <Space>
          <Input
            placeholder={t('openuser.applicant')}
            value={applicant}
            maxLength={128}
            onChange={(e) => setApplicant(e.target.value)}
            style={{ width: 200 }}
          />
          <Button
            type="primary"
            onClick={() =>
              act(async () => {
                const r = await add.mutateAsync(applicant);
                setApplicant('');
                setShown({ appKey: r.appKey, secret: r.secret });
              })
            }
          >
            {t('openuser.add')}
          </Button>
        </Space>
      </Flex>
      <Alert type="info" showIcon style={{ margin: '12px 0' }} title={t('openuser.hint')} />
      <Table
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('openuser.appKey'), dataIndex: 'appKey', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
          { title: t('openuser.applicant'), dataIndex: 'applicant' },
          {
            title: t('openuser.status'),
            dataIndex: 'status',
            render: (v: number) => (v ? <Tag color="green">{t('openuser.enabled')}</Tag> : <Tag>{t('openuser.disabled')}</Tag>),
          },
          { title: t('openuser.created'), dataIndex: 'gmtCreate', render: (v: number) => formatDateTime(v) },
          {
            title: '',
            key: 'ops',
            render: (_: unknown, r: OpenUser) => (
              <Space wrap>
                <Popconfirm
                  title={t('openuser.resetConfirm')}
                  onConfirm={() =>
                    act(async () => {
                      const x = await reset.mutateAsync(r.id);
                      setShown({ appKey: x.appKey, secret: x.secret });
                    })
                  }
                >
                  <Button size="small">{t('openuser.resetSecret')}</Button>
                </Popconfirm>
                <Button size="small" onClick={() => act(() => setStatus.mutateAsync({ id: r.id, status: r.status ? 0 : 1 }))}>
                  {r.status ? t('openuser.disable') : t('openuser.enable')}
                </Button>
                <Popconfirm title={t('openuser.deleteConfirm')} onConfirm={() => act(() => remove.mutateAsync(r.id))}>
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!shown}
        title={shown?.appKey}
        onCancel={() => setShown(null)}
        onOk={() => setShown(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('openuser.secretOnce')} style={{ marginBottom: 12 }} />
        <div>
          {t('openuser.appKey')}: <Typography.Text copyable>{shown?.appKey}</Typography.Text>
        </div>
        <div>
          {t('openuser.secret')}:{' '}
          <Typography.Text copyable code data-testid="openuser-secret">
            {shown?.secret}
          </Typography.Text>
        </div>
      </Modal>
    </div>
  );
}

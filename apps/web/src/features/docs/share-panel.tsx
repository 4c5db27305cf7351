/**
 * Share management of an application: create (public or encrypted, expiry, remark, whole application or
 * ticked docs/folders with append-to-folder, debugging with environments), list, copy link/password,
 * enable/disable, delete.
 */
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime, type ShareItem, ShareType } from '@folio/shared';
import { Button, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/errors';
import { fetchSharePassword, useDeleteShareMutation, useRotateShareMutation, useShareStatusMutation, useSharesQuery } from '../share/api';
import { ShareDialog } from './share-dialog';

export function SharePanel({ moduleId, canManage }: { moduleId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSharesQuery(moduleId, canManage);
  const rotate = useRotateShareMutation(moduleId);
  const setStatus = useShareStatusMutation(moduleId);
  const remove = useDeleteShareMutation(moduleId);
  const [editing, setEditing] = useState<ShareItem | 'new' | null>(null);
  if (!canManage) return <Typography.Text type="secondary">{t('common.noPermission')}</Typography.Text>;
  const link = (s: ShareItem) => `${window.location.origin}${s.url}`;

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing('new')}
        style={{ marginBottom: 12 }}
        data-testid="share-create"
      >
        {t('share.create')}
      </Button>
      <Table<ShareItem>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        // Every column has a width and the scroll width is their sum, so the fixed actions column never covers another;
        // the sum fits the 1,184 px the list gets in a 1,440 px window, so nothing waits behind a sideways scroll there.
        scroll={{ x: 1160 }}
        pagination={{ pageSizeOptions: [5, 10, 20, 50, 100], showSizeChanger: true, defaultPageSize: 10 }}
        columns={[
          {
            title: t('share.link'),
            key: 'link',
            width: 190,
            render: (_, s) => (
              <>
                <Typography.Link href={s.url} target="_blank" data-testid="share-link" ellipsis style={{ maxWidth: 180 }} title={s.url}>
                  {s.url}
                </Typography.Link>
                {s.guessable ? (
                  <div data-testid="share-guessable">
                    <Typography.Text type="warning" style={{ fontSize: 12 }}>
                      {t('share.guessable')}
                    </Typography.Text>{' '}
                    <Button
                      size="small"
                      type="link"
                      data-testid="share-rotate"
                      onClick={() =>
                        confirmAction({
                          title: t('share.rotateConfirm'),
                          danger: true,
                          run: async () => {
                            await rotate.mutateAsync(s.id);
                          },
                        })
                      }
                    >
                      {t('share.rotate')}
                    </Button>
                  </div>
                ) : null}
              </>
            ),
          },
          {
            title: `${t('share.type')} / ${t('share.content')}`,
            dataIndex: 'type',
            width: 110,
            render: (v: number, s) => (
              <>
                {v === ShareType.ENCRYPT ? <Tag color="orange">{t('share.encrypt')}</Tag> : <Tag color="green">{t('share.public')}</Tag>}
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {s.isAll ? t('share.wholeApp') : t('share.nDocs', { 0: s.contents.length })}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          {
            title: t('share.expiry'),
            dataIndex: 'expiresAt',
            width: 160,
            render: (v: number | null, s) =>
              v ? <span className={s.expired ? 'text-danger' : ''}>{formatDateTime(v)}</span> : t('share.never'),
          },
          { title: t('share.remark'), dataIndex: 'remark', width: 120, ellipsis: { showTitle: true } },
          {
            title: t('share.allowDebug'),
            dataIndex: 'allowDebug',
            width: 90,
            render: (v: number) => (v ? t('common.yes') : t('common.no')),
          },
          {
            title: t('common.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: number, s) => (
              <Switch
                size="small"
                checked={v === 1}
                checkedChildren={t('common.enabled')}
                unCheckedChildren={t('common.disabled')}
                onChange={(on) =>
                  confirmAction({
                    title: on ? t('share.enableConfirm') : t('share.disableConfirm'),
                    danger: !on,
                    run: async () => {
                      await setStatus.mutateAsync({ id: s.id, on });
                    },
                  })
                }
              />
            ),
          },
          {
            title: `${t('common.creator')} / ${t('common.createTime')}`,
            dataIndex: 'gmtCreate',
            width: 160,
            ellipsis: true,
            render: (v: number, s) => (
              <>
                <div title={s.creatorName}>{s.creatorName}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(v)}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('common.actions'),
            key: 'op',
            fixed: 'right',
            width: 240,
            render: (_, s) => (
              <Space size={0} wrap>
                <Button size="small" type="link" icon={<CopyOutlined />} onClick={() => copyText(link(s))}>
                  {t('share.copyLink')}
                </Button>
                {s.type === ShareType.ENCRYPT && (
                  <Button
                    size="small"
                    type="link"
                    onClick={async () => {
                      try {
                        const r = await fetchSharePassword(s.id);
                        await copyText(`${link(s)}  ${t('share.password')}: ${r.password}`);
                      } catch (e) {
                        showError(e);
                      }
                    }}
                  >
                    {t('share.copyWithPassword')}
                  </Button>
                )}
                <Button size="small" type="link" onClick={() => setEditing(s)}>
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    confirmAction({
                      title: t('common.confirmDelete'),
                      run: async () => {
                        await remove.mutateAsync(s.id);
                      },
                    })
                  }
                >
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ShareDialog moduleId={moduleId} share={editing} onClose={() => setEditing(null)} />
    </>
  );
}

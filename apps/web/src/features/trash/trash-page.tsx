/**
 * The trash of a space (/space/trash/:spaceId) and, for super admins, of every space (/admin/trash): what was
 * deleted, by whom and when, with restore in place and purge.
 */
import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { formatDateTime } from '@folio/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { fetchTrash, purgeFromTrash, restoreFromTrash, type TrashItem, type TrashKind, trashKey } from './trash-api';

const KIND_COLOR: Record<TrashKind, string> = { doc: 'blue', folder: 'default', module: 'purple', project: 'gold', space: 'red' };

export function TrashPage({ allSpaces = false }: { allSpaces?: boolean }) {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  const [q, setQ] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const pageSize = 20;
  const query = { spaceId: allSpaces ? undefined : spaceId, q, pageIndex, pageSize };
  const list = useQuery({ queryKey: trashKey(query), queryFn: () => fetchTrash(query), placeholderData: keepPreviousData });

  const restore = async (item: TrashItem) => {
    try {
      const r = await restoreFromTrash(item.id);
      ui.message?.success(r.movedToRoot ? t('trash.restoredToRoot') : t('trash.restored'));
    } catch (e) {
      showError(e);
    }
  };

  const purge = (item: TrashItem) =>
    confirmAction({
      title: t('trash.purgeConfirm', { 0: item.name }),
      content: t('trash.purgeHint'),
      okText: t('trash.purge'),
      run: () => purgeFromTrash(item.id),
    });

  const data = list.data;
  return (
    <div className="page" data-testid="trash-page">
      <PageHeader title={t('trash.title')} />
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('trash.search')}
          aria-label={t('trash.search')}
          onSearch={(v) => {
            setQ(v);
            setPageIndex(1);
          }}
          style={{ width: 280 }}
        />
        {data && (
          <Typography.Text type="secondary">
            {data.retentionDays ? t('trash.retention', { 0: data.retentionDays }) : t('trash.retentionNever')}
          </Typography.Text>
        )}
      </Space>
      <Table<TrashItem>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description={t('trash.empty')} /> }}
        pagination={{ current: pageIndex, pageSize, total: data?.total ?? 0, onChange: setPageIndex, hideOnSinglePage: true }}
        // Every column has a width and the scroll width is their sum: the name never shrinks to nothing and the fixed
        // actions column covers no other column; the sum fits the 1,168 px the list gets in a 1,440 px window.
        scroll={{ x: allSpaces ? 1130 : 1000 }}
        columns={[
          {
            title: t('trash.name'),
            dataIndex: 'name',
            width: 240,
            ellipsis: { showTitle: true },
            render: (_v, r) => (
              <Space size={6}>
                <Tag color={KIND_COLOR[r.kind]}>{t(`trash.kind.${r.kind}`)}</Tag>
                <span>{r.name}</span>
                {r.itemCount > 1 && <Typography.Text type="secondary">{t('trash.itemCount', { 0: r.itemCount })}</Typography.Text>}
              </Space>
            ),
          },
          ...(allSpaces ? [{ title: t('trash.space'), dataIndex: 'spaceName', width: 130, ellipsis: true }] : []),
          { title: t('trash.location'), dataIndex: 'path', ellipsis: { showTitle: true }, width: 200 },
          {
            title: `${t('trash.deletedBy')} / ${t('trash.deletedAt')}`,
            dataIndex: 'deletedAt',
            width: 170,
            ellipsis: true,
            render: (v: number, r) => (
              <>
                <div title={r.deletedBy}>{r.deletedBy}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(v)}
                </Typography.Text>
              </>
            ),
          },
          { title: t('trash.purgeAt'), dataIndex: 'purgeAt', width: 160, render: (v: number | null) => (v ? formatDateTime(v) : '—') },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 230,
            fixed: 'right',
            render: (_v, r) => (
              <Space size={4} wrap>
                <Button size="small" icon={<RollbackOutlined />} onClick={() => restore(r)} data-testid={`restore-${r.id}`}>
                  {t('trash.restore')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => purge(r)}>
                  {t('trash.purge')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}

/** /space/trash/:spaceId */
export function SpaceTrashPage() {
  return <TrashPage />;
}

/** /admin/trash (super admins) */
export function AdminTrashPage() {
  return <TrashPage allSpaces />;
}

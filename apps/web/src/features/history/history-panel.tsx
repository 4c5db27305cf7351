/**
 * A doc's history: its versions (snapshots) with compare and restore, and the change log with the
 * field-level details of each change. Compare shows the two versions side by side with added, removed
 * and changed parameters highlighted. Restoring asks first and is itself recorded as a change.
 */

import { DiffOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ChangeRecord } from '@folio/shared';
import { formatDateTime } from '@folio/shared';
import { Button, Card, Empty, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { ui } from '../../lib/ui';
import { type SnapshotItem, useChangeLogQuery, useRestoreSnapshotMutation, useSnapshotCompareQuery, useSnapshotsQuery } from './api';
import { DetailList, KIND_COLORS, SideBySide } from './history-diff';

export { SideBySide } from './history-diff';

export function HistoryPanel({ docId }: { docId: string }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const [comparing, setComparing] = useState<[string, string] | null>(null);
  const snaps = useSnapshotsQuery(docId);
  const log = useChangeLogQuery(docId);
  const cmp = useSnapshotCompareQuery(docId, comparing);
  const restore = useRestoreSnapshotMutation(docId);
  const restoreTo = (snapshotId: string) =>
    restore.mutateAsync(snapshotId, {
      onSuccess: (r) => ui.message?.[r.restored ? 'success' : 'info'](t(r.restored ? 'history.restored' : 'history.nothingToRestore')),
    });
  const list = snaps.data ?? [];
  const openCompare = () => {
    const ordered = list.filter((s) => picked.includes(s.id)).sort((x, y) => x.modifiedAt - y.modifiedAt);
    if (ordered.length === 2) setComparing([ordered[0].id, ordered[1].id]);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        size="small"
        title={t('history.snapshots')}
        extra={
          <Button size="small" icon={<DiffOutlined />} disabled={picked.length !== 2} onClick={openCompare} data-testid="history-compare">
            {t('history.compare')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('history.compareHint')}</Typography.Paragraph>
        <Table<SnapshotItem>
          data-testid="history-versions"
          size="small"
          rowKey="id"
          loading={snaps.isLoading}
          dataSource={list}
          pagination={false}
          locale={{ emptyText: <Empty description={t('history.empty')} /> }}
          rowSelection={{
            selectedRowKeys: picked,
            onChange: (keys) => setPicked((keys as string[]).slice(-2)),
          }}
          columns={[
            {
              title: t('history.time'),
              dataIndex: 'modifiedAt',
              render: (v: number, _s, i) => (
                <Space>
                  {formatDateTime(v)}
                  {i === 0 && <Tag color="blue">{t('history.current')}</Tag>}
                </Space>
              ),
            },
            { title: t('history.modifier'), dataIndex: 'modifierName' },
            {
              title: t('history.version'),
              dataIndex: 'md5',
              render: (m: string) => <Typography.Text code>{m.slice(0, 8)}</Typography.Text>,
            },
            {
              key: 'restore',
              render: (_: unknown, s, i) =>
                i > 0 &&
                s.canRestore && (
                  <Button
                    size="small"
                    data-testid="history-restore"
                    icon={<RollbackOutlined />}
                    onClick={() => confirmAction({ title: t('history.restoreConfirm'), danger: false, run: () => restoreTo(s.id) })}
                  >
                    {t('history.restore')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>

      <Card size="small" title={t('history.changes')}>
        <Table<ChangeRecord>
          data-testid="history-changes"
          size="small"
          rowKey="id"
          loading={log.isLoading}
          dataSource={log.data ?? []}
          locale={{ emptyText: <Empty description={t('history.empty')} /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          expandable={{ expandedRowRender: (r) => <DetailList details={r.details} />, rowExpandable: (r) => r.modifyType === 0 }}
          columns={[
            { title: t('history.time'), dataIndex: 'modifyTime', render: (v: number) => formatDateTime(v) },
            { title: t('history.modifier'), dataIndex: 'modifyNickname' },
            { title: t('history.source'), dataIndex: 'modifySource', render: (v: number) => t(`history.source.${v}`) },
            {
              title: t('history.kind'),
              dataIndex: 'modifyType',
              render: (v: number) => <Tag color={KIND_COLORS[v]}>{t(`history.kind.${v}`)}</Tag>,
            },
            { title: t('history.details'), render: (_: unknown, r) => (r.modifyType === 0 ? r.details.length : '') },
          ]}
        />
      </Card>

      <Modal open={!!comparing} width={1100} footer={null} title={t('history.compare')} onCancel={() => setComparing(null)} destroyOnHidden>
        {cmp.data?.old && cmp.data.new ? (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="history-diff">
            <Typography.Text type="secondary">
              {formatDateTime(cmp.data.old.modifiedAt)} ({cmp.data.old.modifierName}) → {formatDateTime(cmp.data.new.modifiedAt)} (
              {cmp.data.new.modifierName})
            </Typography.Text>
            <SideBySide a={cmp.data.old.content} b={cmp.data.new.content} />
          </Space>
        ) : (
          <Empty />
        )}
      </Modal>
    </Space>
  );
}

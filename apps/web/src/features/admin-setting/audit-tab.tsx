/** Audit log tab: security events, filterable by user and event, paged. */
import { formatDateTime } from '@folio/shared';
import { Button, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditActionsQuery, useAuditPageQuery } from './api';

export function AuditTab() {
  const { t } = useTranslation();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState<string | undefined>();
  const [query, setQuery] = useState({ actor: '', action: '', pageIndex: 1, pageSize: 20 });
  const actions = useAuditActionsQuery();
  const page = useAuditPageQuery(query);
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input
          placeholder={t('admin.audit.filterActor')}
          value={actor}
          onChange={(e) => setActor(e.target.value)}
          allowClear
          style={{ width: 180 }}
        />
        <Select
          placeholder={t('admin.audit.filterAction')}
          value={action}
          onChange={setAction}
          allowClear
          style={{ width: 220 }}
          options={(actions.data ?? []).map((a) => ({ value: a, label: a }))}
        />
        <Button type="primary" onClick={() => setQuery({ ...query, actor, action: action ?? '', pageIndex: 1 })}>
          {t('admin.audit.search')}
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={page.isLoading}
        dataSource={page.data?.list ?? []}
        pagination={{
          current: query.pageIndex,
          pageSize: query.pageSize,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (pageIndex, pageSize) => setQuery({ ...query, pageIndex, pageSize }),
        }}
        columns={[
          { title: t('admin.audit.time'), dataIndex: 'createdAt', width: 180, render: (v: number) => formatDateTime(v) },
          { title: t('admin.audit.actor'), dataIndex: 'actorName', width: 140 },
          { title: t('admin.audit.action'), dataIndex: 'action', width: 170 },
          { title: t('admin.audit.target'), dataIndex: 'target', width: 200, ellipsis: true },
          {
            title: t('admin.audit.detail'),
            dataIndex: 'detail',
            render: (v: string) => (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: v }}>
                {v}
              </Typography.Text>
            ),
          },
          { title: t('admin.audit.ip'), dataIndex: 'ip', width: 130 },
        ]}
      />
    </>
  );
}

/** User centre, followed docs: where each lives, when it was followed, and unfollowing (confirmed). */
import { formatDateTime, METHOD_TAG_COLORS, PAGE_SIZES } from '@folio/shared';
import { Button, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { type FollowedDoc, useFollowedDocsQuery, useUnfollowDocMutation } from './api';

/** The docs the caller follows. */
export function UserSubscribePage() {
  const { t } = useTranslation();
  const { data, isLoading } = useFollowedDocsQuery();
  const unfollow = useUnfollowDocMutation();
  return (
    <div className="page">
      <PageHeader title={t('user.subscriptions')} />
      <Table<FollowedDoc>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        scroll={{ x: 720 }}
        pagination={{ pageSizeOptions: [...PAGE_SIZES], showSizeChanger: true, defaultPageSize: 20 }}
        columns={[
          {
            title: t('doc.name'),
            dataIndex: 'name',
            render: (v, r) => (
              <Space>
                {r.httpMethod && <Tag color={METHOD_TAG_COLORS[r.httpMethod.toUpperCase()] ?? 'default'}>{r.httpMethod}</Tag>}
                <Link to={`/view/${r.docId}`}>{v}</Link>
              </Space>
            ),
          },
          { title: t('doc.url'), dataIndex: 'url' },
          { title: t('project.name'), dataIndex: 'projectName' },
          { title: t('module.name'), dataIndex: 'moduleName' },
          { title: t('user.followedAt'), dataIndex: 'gmtCreate', render: (v) => formatDateTime(v) },
          {
            title: t('common.actions'),
            key: 'op',
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  confirmAction({
                    title: t('user.unfollowConfirm', { 0: r.name }),
                    run: () => unfollow.mutateAsync(r.docId),
                  })
                }
              >
                {t('user.unfollow')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}

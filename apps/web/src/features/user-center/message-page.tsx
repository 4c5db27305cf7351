/** User centre, message centre: unread or all messages, paged; opening a doc message marks it read. */
import { formatDateTime, MessageType, PAGE_SIZES } from '@folio/shared';
import { Badge, Button, Card, Empty, List, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { showError } from '../../lib/errors';
import { type InSiteMessage, useMessagePageQuery, useSetAllMessagesReadMutation, useSetMessageReadMutation } from './api';

/** The caller's messages. */
export function UserMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<'unread' | 'all'>('unread');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const { data, isLoading } = useMessagePageQuery(filter, page);
  const setRead = useSetMessageReadMutation();
  const setAllRead = useSetAllMessagesReadMutation();
  const list = [...(data?.list ?? [])].sort((a, b) => a.isRead - b.isRead);
  const read = async (m: InSiteMessage) => {
    if (!m.isRead) {
      try {
        await setRead.mutateAsync(m.id);
      } catch (e) {
        showError(e);
      }
    }
  };
  return (
    <div className="page">
      <PageHeader
        title={t('user.messages')}
        extra={
          <>
            <Segmented
              aria-label={t('message.filter')}
              value={filter}
              onChange={(v) => {
                setFilter(v as 'unread' | 'all');
                setPage((p) => ({ ...p, pageIndex: 1 }));
              }}
              options={[
                { value: 'unread', label: t('message.unread') },
                { value: 'all', label: t('message.all') },
              ]}
            />
            <Button
              onClick={async () => {
                try {
                  await setAllRead.mutateAsync();
                } catch (e) {
                  showError(e);
                }
              }}
              data-testid="read-all"
            >
              {t('message.readAll')}
            </Button>
          </>
        }
      />
      <Card>
        {isLoading ? (
          <Skeleton active />
        ) : !list.length ? (
          <Empty description={filter === 'unread' ? t('message.noUnread') : t('message.none')} />
        ) : (
          <List
            dataSource={list}
            pagination={{
              current: page.pageIndex,
              pageSize: page.pageSize,
              total: data?.total ?? 0,
              pageSizeOptions: [...PAGE_SIZES],
              showSizeChanger: true,
              onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
            }}
            renderItem={(m) => (
              <List.Item
                actions={[
                  m.type === MessageType.DOC && (
                    <Button
                      key="open"
                      size="small"
                      type="link"
                      onClick={async () => {
                        await read(m);
                        navigate(`/view/${m.sourceId}`);
                      }}
                    >
                      {t('message.openDoc')}
                    </Button>
                  ),
                  !m.isRead && (
                    <Button key="read" size="small" type="link" onClick={() => read(m)}>
                      {t('message.markRead')}
                    </Button>
                  ),
                ].filter(Boolean)}
              >
                <List.Item.Meta
                  avatar={<Badge dot={!m.isRead} />}
                  title={<span className={m.isRead ? 'text-muted' : ''}>{m.message}</span>}
                  description={formatDateTime(m.gmtCreate)}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}

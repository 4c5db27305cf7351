/** User centre: basic info and overview, followed docs, message centre, system setting (language, bindings). */
import { BellOutlined, HeartOutlined, KeyOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { formatDateTime, METHOD_TAG_COLORS, MessageType, PAGE_SIZES } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  List,
  Row,
  Segmented,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { LangSelect } from '../../components/lang-select';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { type MessagePage, type UserMessage, useUnreadMessages } from '../../lib/messages';
import { queryClient } from '../../lib/query';
import { ui } from '../../lib/ui';
import { useSpaces } from '../dashboard/dashboard-page';
import { fetchViewProjects } from '../project/project-api';
import { SectionLayout } from '../shell/sidebar';
import { UserBindings } from '../sso/user-bindings';

export function UserLayout() {
  const { t } = useTranslation();
  return (
    <SectionLayout
      header={<div className="sider-title">{t('nav.userCenter')}</div>}
      items={[
        { key: '/user', label: t('user.baseInfo'), icon: <UserOutlined /> },
        { key: '/user/subscribe/doc', label: t('user.subscriptions'), icon: <HeartOutlined /> },
        { key: '/user/message', label: t('user.messages'), icon: <BellOutlined /> },
        { key: '/user/systemSetting', label: t('user.systemSetting'), icon: <SettingOutlined /> },
        { key: '/user/tokens', label: t('agents.tokens'), icon: <KeyOutlined /> },
      ]}
    />
  );
}

interface FollowedDoc {
  id: string;
  docId: string;
  name: string;
  url: string;
  httpMethod: string;
  docType: number;
  moduleName: string;
  projectId: string;
  projectName: string;
  gmtCreate: number;
}

const useFollowed = () => useQuery({ queryKey: ['followed'], queryFn: () => api.get<FollowedDoc[]>('user/subscribe/doc/list') });

export function UserInfoPage() {
  const { t } = useTranslation();
  const me = useMe();
  const spaces = useSpaces();
  const projects = useQuery({
    queryKey: ['viewProjects'],
    queryFn: fetchViewProjects,
  });
  const followed = useFollowed();
  const unread = useUnreadMessages();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (me.data) form.setFieldsValue({ nickname: me.data.nickname, email: me.data.email });
  }, [me.data, form]);
  if (!me.data) return <Skeleton active className="page" />;
  const u = me.data;
  return (
    <div className="page">
      <PageHeader title={t('user.baseInfo')} />
      <Card>
        <Space align="start" size="large" wrap>
          <Space direction="vertical" align="center">
            <Avatar size={64} src={u.avatar || undefined} style={{ background: '#1f6feb', fontSize: 28 }}>
              {(u.nickname || u.username).slice(0, 1).toUpperCase()}
            </Avatar>
            <AvatarUpload hasAvatar={!!u.avatar} />
          </Space>
          {!editing ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('account.nickname')}>{u.nickname}</Descriptions.Item>
              <Descriptions.Item label={t('account.username')}>{u.username}</Descriptions.Item>
              <Descriptions.Item label={t('account.email')}>{u.email || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('user.source')}>{t(`user.source_${u.source}`)}</Descriptions.Item>
              <Descriptions.Item label={t('user.registered')}>{formatDateTime(u.gmtCreate)}</Descriptions.Item>
              <Descriptions.Item label={t('user.role')}>
                {u.isSuperAdmin ? <Tag color="red">{t('user.superAdmin')}</Tag> : t('user.normalUser')}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Form
              form={form}
              layout="vertical"
              style={{ minWidth: 300 }}
              onFinish={async (v) => {
                try {
                  await api.post('user/info/update', { nickname: v.nickname.trim(), email: (v.email ?? '').trim() });
                  await queryClient.invalidateQueries({ queryKey: ['me'] });
                  setEditing(false);
                  ui.message?.success(t('common.saved'));
                } catch (e) {
                  showError(e, form);
                }
              }}
            >
              <Form.Item
                name="nickname"
                label={t('account.nickname')}
                rules={[{ required: true, whitespace: true, max: 128, message: t('validation.notEmptyLength', { 0: 128 }) }]}
              >
                <Input />
              </Form.Item>
              <Form.Item name="email" label={t('account.email')} rules={[{ type: 'email', message: t('account.emailFormat') }]}>
                <Input />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t('common.save')}
                </Button>
                <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
              </Space>
            </Form>
          )}
        </Space>
        {!editing && (
          <Space style={{ marginTop: 16, display: 'flex' }}>
            <Button onClick={() => setEditing(true)}>{t('common.edit')}</Button>
            <Link to="/updatePassword">
              <Button>{t('account.changePassword')}</Button>
            </Link>
          </Space>
        )}
      </Card>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('user.overview')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('user.mySpaces')} value={spaces.data?.length ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('user.myProjects')} value={projects.data?.length ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Link to="/user/subscribe/doc">
            <Card hoverable>
              <Statistic title={t('user.subscriptions')} value={followed.data?.length ?? 0} />
            </Card>
          </Link>
        </Col>
        <Col xs={12} md={6}>
          <Link to="/user/message">
            <Card hoverable>
              <Statistic title={t('user.unreadMessages')} value={unread.data?.total ?? 0} />
            </Card>
          </Link>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={12}>
          <Card size="small" title={t('user.mySpaces')}>
            <List
              size="small"
              dataSource={spaces.data ?? []}
              locale={{ emptyText: t('space.none') }}
              renderItem={(s) => (
                <List.Item>
                  <Link to={s.isCompose ? `/space/compose/${s.id}` : `/space/project/${s.id}`}>{s.name}</Link>
                  {s.role && <Tag>{t(`role.${s.role}`)}</Tag>}
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('user.myProjects')}>
            <List
              size="small"
              dataSource={projects.data ?? []}
              locale={{ emptyText: t('project.none') }}
              renderItem={(p) => (
                <List.Item>
                  <Link to={`/project/doc/${p.id}`}>{p.name}</Link>
                  <Typography.Text type="secondary">{p.spaceName}</Typography.Text>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

export function UserSubscribePage() {
  const { t } = useTranslation();
  const { data, isLoading } = useFollowed();
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
                    run: async () => {
                      await api.post('user/subscribe/doc/unfollow', { docId: r.docId });
                      queryClient.invalidateQueries({ queryKey: ['followed'] });
                    },
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

export function UserMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<'unread' | 'all'>('unread');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const key = ['messages', 'page', filter, page];
  const { data, isLoading } = useQuery({
    queryKey: key,
    queryFn: () => api.get<MessagePage>('user/message/page', { ...page, ...(filter === 'unread' ? { isRead: 0 } : {}) }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['messages'] });
  const list = [...(data?.list ?? [])].sort((a, b) => a.isRead - b.isRead);
  const read = async (m: UserMessage) => {
    if (!m.isRead) {
      try {
        await api.post('user/message/setRead', { id: m.id });
        refresh();
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
                  await api.post('user/message/setReadAll', {});
                  refresh();
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

export function UserSystemSettingPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('user.systemSetting')} />
      <Card title={t('user.language')} style={{ marginBottom: 16 }}>
        <Space>
          <Typography.Text>{t('user.languageHint')}</Typography.Text>
          <LangSelect size="middle" saveToProfile />
        </Space>
      </Card>
      <UserBindings />
    </div>
  );
}

/** Reads a file as base64 (without the data: prefix). */
function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** Uploads a PNG/JPEG/GIF/WebP as the avatar, or removes it (initials are shown then). */
function AvatarUpload({ hasAvatar }: { hasAvatar: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async (avatar: string) => {
    await api.post('user/info/update', { avatar });
    await queryClient.invalidateQueries({ queryKey: ['me'] });
  };
  return (
    <Space size={4}>
      <Button size="small" loading={busy} onClick={() => document.getElementById('avatar-file')?.click()}>
        {t('user.avatarUpload')}
      </Button>
      {hasAvatar && (
        <Button size="small" type="link" onClick={() => save('').catch((e) => showError(e))}>
          {t('user.avatarRemove')}
        </Button>
      )}
      <input
        id="avatar-file"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            const up = await api.post<{ url: string }>('upload', {
              filename: file.name,
              contentType: file.type,
              data: await fileBase64(file),
            });
            await save(up.url);
          } catch (err) {
            showError(err);
          } finally {
            setBusy(false);
          }
        }}
      />
    </Space>
  );
}

/** User centre, basic info: the profile (edit, avatar) and an overview of the caller's spaces, projects, follows and messages. */
import { formatDateTime } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useMe } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { useSpaces } from '../dashboard/dashboard-page';
import { fetchViewProjects } from '../project/project-api';
import { useFollowedDocsQuery, useUnreadMessagesQuery, useUpdateProfileMutation } from './api';
import { AvatarUpload } from './avatar-upload';

/** The caller's profile and overview. */
export function UserInfoPage() {
  const { t } = useTranslation();
  const me = useMe();
  const spaces = useSpaces();
  const projects = useQuery({
    queryKey: ['viewProjects'],
    queryFn: fetchViewProjects,
  });
  const followed = useFollowedDocsQuery();
  const unread = useUnreadMessagesQuery();
  const update = useUpdateProfileMutation();
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
                  await update.mutateAsync({ nickname: v.nickname.trim(), email: (v.email ?? '').trim() });
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

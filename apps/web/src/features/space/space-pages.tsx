/** Space section: project list (or composed projects), info, members, settings, open users. */
import {
  ApiOutlined,
  DeleteOutlined,
  InfoCircleOutlined,
  LockOutlined,
  PlusOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { formatDateTime } from '@folio/shared';
import { Button, Card, Col, Descriptions, Empty, Form, Input, Modal, Radio, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { MembersPanel, UserPicker } from '../../components/members-panel';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/auth';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { SpaceOpenUserPage } from '../admin-setting/space-openuser-page';
import { SpaceSettingPage } from '../admin-setting/space-setting-page';
import { NotFoundOrHidden } from '../misc/not-found-or-hidden';
import { useAddProjectMutation } from '../project/project-api';
import { SectionLayout } from '../shell/sidebar';
import { notifyDeleted } from '../trash/trash-api';
import { useDeleteSpaceMutation, useRenameSpaceMutation, useSpaceInfo, useSpaceProjects } from './space-api';

export { SpaceComposePage } from './compose-page';

export function SpaceLayout() {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  const can = useCan();
  const { data: cfg } = useViewConfig();
  const { data: space, isError, isLoading } = useSpaceInfo(spaceId);
  if (isError) return <NotFoundOrHidden />;
  if (isLoading) return <Skeleton active className="page" />;
  const listKey = space?.isCompose ? `/space/compose/${spaceId}` : `/space/project/${spaceId}`;
  return (
    <SectionLayout
      header={
        <div className="sider-title" title={space?.name}>
          {space?.name}
        </div>
      }
      items={[
        { key: listKey, label: space?.isCompose ? t('compose.list') : t('project.list'), icon: <UnorderedListOutlined /> },
        { key: `/space/info/${spaceId}`, label: t('space.info'), icon: <InfoCircleOutlined /> },
        { key: `/space/member/${spaceId}`, label: t('space.members'), icon: <TeamOutlined /> },
        {
          key: `/space/setting/${spaceId}`,
          label: t('space.setting'),
          icon: <SettingOutlined />,
          hidden: !(cfg?.enableMeterSphere && can('space.manageSettings', spaceId)),
        },
        {
          key: `/space/trash/${spaceId}`,
          label: t('trash.menu'),
          icon: <DeleteOutlined />,
        },
        {
          key: `/space/openuser/${spaceId}`,
          label: t('space.openUsers'),
          icon: <ApiOutlined />,
          hidden: !can('space.manageOpenUsers', spaceId),
        },
      ]}
    />
  );
}

function CreateProjectDialog({ spaceId, open, onClose }: { spaceId: string; open: boolean; onClose: (id?: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const add = useAddProjectMutation(spaceId);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await add.mutateAsync({
        name: v.name.trim(),
        description: v.description ?? '',
        isPrivate: v.isPrivate,
        adminIds: v.adminIds ?? [],
        memberIds: v.memberIds ?? [],
      });
      form.resetFields();
      onClose(r.id);
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('project.create')} onOk={submit} confirmLoading={busy} onCancel={() => onClose()} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ isPrivate: 1 }}>
        <Form.Item
          name="name"
          label={t('project.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.notEmptyLength', { 0: 64 }) },
            { max: 64, message: t('validation.notEmptyLength', { 0: 64 }) },
          ]}
        >
          <Input autoFocus data-testid="project-name" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('project.description')}
          rules={[{ max: 2000, message: t('validation.maxLength', { 0: 2000 }) }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="isPrivate" label={t('project.visit')}>
          <Radio.Group
            options={[
              { value: 1, label: t('project.private') },
              { value: 0, label: t('project.public') },
            ]}
          />
        </Form.Item>
        <Form.Item name="adminIds" label={t('project.adminsField')} extra={t('project.adminsHint')}>
          <UserPicker ariaLabel={t('project.adminsField')} testId="project-admins" />
        </Form.Item>
        <Form.Item name="memberIds" label={t('project.membersField')} extra={t('project.membersHint')}>
          <UserPicker ariaLabel={t('project.membersField')} testId="project-members" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function SpaceProjectsPage() {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const { data, isLoading } = useSpaceProjects(spaceId);
  const [creating, setCreating] = useState(false);
  const [filter, setFilter] = useState('');
  const list = (data ?? []).filter((p) => !filter || p.name.toLowerCase().includes(filter.toLowerCase()));
  return (
    <div className="page">
      <PageHeader
        title={t('project.list')}
        extra={
          <>
            <Input.Search allowClear placeholder={t('project.filter')} onChange={(e) => setFilter(e.target.value)} style={{ width: 220 }} />
            {can('project.create', spaceId) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-project">
                {t('project.create')}
              </Button>
            )}
          </>
        }
      />
      {isLoading ? (
        <Skeleton active />
      ) : !list.length ? (
        <Empty description={t('project.none')} />
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((p) => (
            <Col key={p.id} xs={24} sm={12} xl={8}>
              <Card hoverable onClick={() => navigate(`/project/doc/${p.id}`)} data-testid="project-card">
                <Card.Meta
                  title={
                    <>
                      {p.isPrivate ? <LockOutlined title={t('project.private')} style={{ marginRight: 6, color: '#999' }} /> : null}
                      {p.name}
                    </>
                  }
                  description={
                    <>
                      <Typography.Paragraph ellipsis={{ rows: 2 }} type="secondary" style={{ minHeight: 44, marginBottom: 8 }}>
                        {p.description || t('project.noDescription')}
                      </Typography.Paragraph>
                      <Tag>{p.isPrivate ? t('project.private') : t('project.public')}</Tag>
                      {p.role && <Tag color="blue">{t(`role.${p.role}`)}</Tag>}
                    </>
                  }
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <CreateProjectDialog
        spaceId={spaceId}
        open={creating}
        onClose={(id) => {
          setCreating(false);
          if (id) navigate(`/project/doc/${id}`);
        }}
      />
    </div>
  );
}

export function SpaceInfoPage() {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const { data, isLoading } = useSpaceInfo(spaceId);
  const [form] = Form.useForm();
  const rename = useRenameSpaceMutation();
  const remove = useDeleteSpaceMutation();
  const editable = can('space.update', spaceId);
  useEffect(() => {
    if (data) form.setFieldsValue({ name: data.name });
  }, [data, form]);
  if (isLoading || !data) return <Skeleton active className="page" />;
  return (
    <div className="page">
      <PageHeader title={t('space.info')} />
      <Card>
        <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
          <Descriptions.Item label="ID">
            <Typography.Text copyable>{data.id}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('space.kind')}>{data.isCompose ? t('space.kindCompose') : t('space.kindNormal')}</Descriptions.Item>
          <Descriptions.Item label={t('common.creator')}>{data.creatorName}</Descriptions.Item>
          <Descriptions.Item label={t('common.createTime')}>{formatDateTime(data.gmtCreate)}</Descriptions.Item>
          <Descriptions.Item label={t('space.admins')}>{data.adminNames.join(', ')}</Descriptions.Item>
        </Descriptions>
        {editable && (
          <Form
            form={form}
            layout="inline"
            onFinish={async (v) => {
              try {
                await rename.mutateAsync({ id: spaceId, name: v.name.trim() });
              } catch (e) {
                showError(e, form);
              }
            }}
          >
            <Form.Item
              name="name"
              label={t('space.name')}
              rules={[{ required: true, whitespace: true, max: 64, message: t('validation.notEmptyLength', { 0: 64 }) }]}
            >
              <Input style={{ width: 260 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('common.save')}
            </Button>
          </Form>
        )}
      </Card>
      {can('space.delete', spaceId) && (
        <Card title={t('common.dangerZone')} style={{ marginTop: 16 }}>
          <Button
            danger
            onClick={() =>
              confirmAction({
                title: t('space.deleteConfirm', { 0: data.name }),
                content: t('space.deleteHint'),
                typeToConfirm: data.name,
                run: async () => {
                  const r = await remove.mutateAsync(spaceId);
                  navigate('/dashboard');
                  notifyDeleted(r?.trashId);
                },
              })
            }
          >
            {t('space.delete')}
          </Button>
        </Card>
      )}
    </div>
  );
}

export function SpaceMemberPage() {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  const can = useCan();
  return (
    <div className="page">
      <PageHeader title={t('space.members')} />
      <MembersPanel kind="space" scopeId={spaceId} canManage={can('space.manageMembers', spaceId)} />
    </div>
  );
}

export function SpaceSettingRoute() {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  const can = useCan();
  if (!can('space.manageSettings', spaceId)) return <Result status="403" title={t('common.noPermission')} />;
  return (
    <div className="page">
      <PageHeader title={t('space.setting')} />
      <SpaceSettingPage spaceId={spaceId} />
    </div>
  );
}

export function SpaceOpenUserRoute() {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  return (
    <div className="page">
      <PageHeader title={t('space.openUsers')} />
      <SpaceOpenUserPage spaceId={spaceId} />
    </div>
  );
}

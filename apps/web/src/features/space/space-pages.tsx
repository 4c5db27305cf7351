/** Space section: project list (or composed projects), info, members, settings, open users. */
import { ApiOutlined, DeleteOutlined, InfoCircleOutlined, SettingOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatDateTime } from '@folio/shared';
import { Button, Card, Descriptions, Form, Input, Result, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/auth';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { SpaceOpenUserPage } from '../admin-setting/space-openuser-page';
import { SpaceSettingPage } from '../admin-setting/space-setting-page';
import { MembersPanel } from '../members/members-panel';
import { NotFoundOrHidden } from '../misc/not-found-or-hidden';
import { SectionLayout } from '../shell/sidebar';
import { notifyDeleted } from '../trash/trash-api';
import { useDeleteSpaceMutation, useRenameSpaceMutation, useSpaceInfo } from './space-api';

export { SpaceComposePage } from './compose-page';
export { SpaceProjectsPage } from './space-projects-page';

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

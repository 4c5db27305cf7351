/** Project section: side menu (docs, info, members, constants & error codes) and the info and member pages. */
import { CodeOutlined, FileTextOutlined, InfoCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { formatDateTime } from '@folio/shared';
import { Button, Card, Descriptions, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { MembersPanel } from '../members/members-panel';
import { NotFoundOrHidden } from '../misc/not-found-or-hidden';
import { SectionLayout } from '../shell/sidebar';
import { notifyDeleted } from '../trash/trash-api';
import { useDeleteProjectMutation, useProjectInfo, useUpdateProjectMutation } from './project-api';

export function ProjectLayout() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const can = useCan();
  const { data, isError, isLoading } = useProjectInfo(projectId);
  if (isError) return <NotFoundOrHidden />;
  // The pages below load only for a project the user may read (no stray 'not found' toasts).
  if (isLoading) return <Skeleton active className="page" />;
  return (
    <SectionLayout
      header={
        <div className="sider-title" title={data?.name}>
          {data?.name}
        </div>
      }
      items={[
        { key: `/project/doc/${projectId}`, label: t('project.docs'), icon: <FileTextOutlined /> },
        { key: `/project/info/${projectId}`, label: t('project.info'), icon: <InfoCircleOutlined /> },
        { key: `/project/member/${projectId}`, label: t('project.members'), icon: <TeamOutlined /> },
        {
          key: `/project/code/${projectId}`,
          label: t('project.code'),
          icon: <CodeOutlined />,
          hidden: !can('project.readCode', projectId),
        },
      ]}
    />
  );
}

export function ProjectInfoPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const { data, isLoading } = useProjectInfo(projectId);
  const [form] = Form.useForm();
  const update = useUpdateProjectMutation();
  const remove = useDeleteProjectMutation();
  const editable = can('project.update', projectId);
  useEffect(() => {
    if (data) form.setFieldsValue({ name: data.name, description: data.description, isPrivate: data.isPrivate });
  }, [data, form]);
  if (isLoading || !data) return <Skeleton active className="page" />;
  return (
    <div className="page">
      <PageHeader title={t('project.info')} />
      <Card>
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
          <Descriptions.Item label="ID">
            <Typography.Text copyable>{data.id}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('space.name')}>{data.spaceName}</Descriptions.Item>
          <Descriptions.Item label={t('common.creator')}>{data.creatorName}</Descriptions.Item>
          <Descriptions.Item label={t('common.createTime')}>{formatDateTime(data.gmtCreate)}</Descriptions.Item>
        </Descriptions>
        <Form
          form={form}
          layout="vertical"
          disabled={!editable}
          style={{ maxWidth: 560 }}
          onFinish={async (v) => {
            try {
              await update.mutateAsync({
                id: projectId,
                name: v.name.trim(),
                description: v.description ?? '',
                isPrivate: v.isPrivate,
              });
              ui.message?.success(t('common.saved'));
            } catch (e) {
              showError(e, form);
            }
          }}
        >
          <Form.Item
            name="name"
            label={t('project.name')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('validation.notEmptyLength', { 0: 64 }) }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('project.description')}
            rules={[{ max: 2000, message: t('validation.maxLength', { 0: 2000 }) }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="isPrivate" label={t('project.visit')} extra={t('project.visitHint')}>
            <Radio.Group
              options={[
                { value: 1, label: t('project.private') },
                { value: 0, label: t('project.public') },
              ]}
            />
          </Form.Item>
          {editable && (
            <Button type="primary" htmlType="submit">
              {t('common.save')}
            </Button>
          )}
        </Form>
      </Card>
      {can('project.delete', projectId) && (
        <Card title={t('common.dangerZone')} style={{ marginTop: 16 }}>
          <Button
            danger
            onClick={() =>
              confirmAction({
                title: t('project.deleteConfirm', { 0: data.name }),
                content: t('project.deleteHint'),
                typeToConfirm: data.name,
                run: async () => {
                  const r = await remove.mutateAsync(projectId);
                  navigate(`/space/project/${data.spaceId}`);
                  notifyDeleted(r?.trashId);
                },
              })
            }
          >
            {t('project.delete')}
          </Button>
        </Card>
      )}
    </div>
  );
}

export function ProjectMemberPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const can = useCan();
  return (
    <div className="page">
      <PageHeader title={t('project.members')} />
      <MembersPanel kind="project" scopeId={projectId} canManage={can('project.manageMembers', projectId)} />
    </div>
  );
}

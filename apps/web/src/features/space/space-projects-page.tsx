/** A space's project list, and creating a project. */
import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Form, Input, Modal, Radio, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { UserPicker } from '../members/members-panel';
import { useAddProjectMutation } from '../project/project-api';
import { useSpaceProjects } from './space-api';

/** Creates a project, naming its admins and members at once. */
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

/** The projects of a space the caller may read, as cards. */
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

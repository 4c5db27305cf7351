/** Dashboard: the spaces I belong to, and creating a space (normal or composed). */
import { AppstoreOutlined, ClusterOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@folio/shared';
import { Button, Card, Col, Empty, Form, Input, Modal, Radio, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { showError } from '../../lib/errors';
import { type SpaceItem, useAddSpaceMutation, useSpacesQuery } from '../space/space-api';

export type { SpaceItem } from '../space/space-api';

/** Spaces of the user. */
export const useSpaces = useSpacesQuery;

/** Where a space opens: composed spaces list their composed projects. */
export const spaceHome = (s: Pick<SpaceItem, 'id' | 'isCompose'>) => (s.isCompose ? `/space/compose/${s.id}` : `/space/project/${s.id}`);

export function CreateSpaceDialog({ open, onClose }: { open: boolean; onClose: (id?: string, isCompose?: number) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const add = useAddSpaceMutation();
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await add.mutateAsync({ name: v.name.trim(), isCompose: v.isCompose });
      form.resetFields();
      onClose(r.id, v.isCompose);
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('space.create')}
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => onClose()}
      destroyOnHidden
      okText={t('common.ok')}
    >
      <Form form={form} layout="vertical" initialValues={{ isCompose: 0 }} onFinish={submit}>
        <Form.Item
          name="name"
          label={t('space.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.notEmptyLength', { 0: 64 }) },
            { max: 64, message: t('validation.notEmptyLength', { 0: 64 }) },
          ]}
        >
          <Input autoFocus data-testid="space-name" />
        </Form.Item>
        <Form.Item name="isCompose" label={t('space.kind')}>
          <Radio.Group
            options={[
              { value: 0, label: t('space.kindNormal') },
              { value: 1, label: t('space.kindCompose') },
            ]}
          />
        </Form.Item>
        <Typography.Text type="secondary">{t('space.composeHint')}</Typography.Text>
      </Form>
    </Modal>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading } = useSpaces();
  const [creating, setCreating] = useState(false);
  return (
    <div className="page page-wide">
      <PageHeader
        title={t('space.list')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-space">
            {t('space.create')}
          </Button>
        }
      />
      {isLoading ? (
        <Skeleton active />
      ) : !data?.length ? (
        <Empty description={t('space.none')}>
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('space.create')}
          </Button>
        </Empty>
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((s) => (
            <Col key={s.id} xs={24} sm={12} lg={8} xl={6}>
              <Card hoverable onClick={() => navigate(spaceHome(s))} className="space-card" data-testid="space-card">
                <Card.Meta
                  avatar={s.isCompose ? <ClusterOutlined className="space-icon compose" /> : <AppstoreOutlined className="space-icon" />}
                  title={s.name}
                  description={
                    <>
                      <div>
                        {s.isCompose ? <Tag color="purple">{t('space.kindCompose')}</Tag> : null}
                        {s.role && <Tag>{t(`role.${s.role}`)}</Tag>}
                      </div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {s.creatorName} · {formatDateTime(s.gmtCreate)}
                      </Typography.Text>
                    </>
                  }
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <CreateSpaceDialog
        open={creating}
        onClose={(id, isCompose) => {
          setCreating(false);
          if (id) navigate(spaceHome({ id, isCompose: isCompose ?? 0 }));
        }}
      />
    </div>
  );
}

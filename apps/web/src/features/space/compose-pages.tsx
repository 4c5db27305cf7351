/** A compose project's extra pages tab. */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { MarkdownEditor } from '../../components/markdown-editor';
import { showError } from '../../lib/errors';
import {
  type ComposePage,
  type ComposeProject,
  useComposePagesQuery,
  useDeleteComposePageMutation,
  useSaveComposePageMutation,
} from '../compose/api';

/** A compose project's extra Markdown pages: list, add, edit, delete. */
export function ComposePages({ project }: { project: ComposeProject }) {
  const { t } = useTranslation();
  const { data, isLoading } = useComposePagesQuery(project.id);
  const save = useSaveComposePageMutation(project.id);
  const remove = useDeleteComposePageMutation(project.id);
  const [editing, setEditing] = useState<ComposePage | 'new' | null>(null);
  const [form] = Form.useForm();
  return (
    <>
      <Button
        icon={<PlusOutlined />}
        style={{ marginBottom: 12 }}
        onClick={() => {
          form.setFieldsValue({ title: '', content: '', orderIndex: 0, status: true });
          setEditing('new');
        }}
      >
        {t('compose.addPage')}
      </Button>
      <Table<ComposePage>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: t('compose.pageTitle'), dataIndex: 'title' },
          { title: t('doc.order'), dataIndex: 'orderIndex', width: 90 },
          {
            title: t('common.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: number) => (v ? t('common.enabled') : t('common.disabled')),
          },
          {
            title: t('common.actions'),
            key: 'op',
            width: 140,
            render: (_, p) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    form.setFieldsValue({ ...p, status: p.status === 1 });
                    setEditing(p);
                  }}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    confirmAction({
                      title: t('common.confirmDelete'),
                      run: () => remove.mutateAsync(p.id),
                    })
                  }
                >
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        width={960}
        title={editing === 'new' ? t('compose.addPage') : t('compose.editPage')}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const v = await form.validateFields();
          const body = { title: v.title.trim(), content: v.content ?? '', orderIndex: v.orderIndex ?? 0, status: v.status ? 1 : 0 };
          try {
            if (editing) await save.mutateAsync(editing === 'new' ? body : { ...body, id: editing.id });
            setEditing(null);
          } catch (e) {
            showError(e, form);
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Space align="start" wrap>
            <Form.Item
              name="title"
              label={t('compose.pageTitle')}
              rules={[{ required: true, whitespace: true, message: t('validation.notEmpty') }]}
            >
              <Input style={{ width: 320 }} />
            </Form.Item>
            <Form.Item name="orderIndex" label={t('doc.order')}>
              <InputNumber controls={false} />
            </Form.Item>
            <Form.Item name="status" label={t('common.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="content" noStyle>
            <MarkdownEditor height={360} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

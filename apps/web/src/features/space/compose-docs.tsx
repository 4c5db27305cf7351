/** A compose project's docs tab: its picked docs and own folders (own names and order). */
import { DeleteOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { METHOD_TAG_COLORS } from '@folio/shared';
import { Button, Empty, Form, Input, InputNumber, Modal, Space, Table, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { showError } from '../../lib/errors';
import {
  type ComposeProject,
  useAddComposeFolderMutation,
  useComposeDocsQuery,
  useDeleteComposeDocMutation,
  useUpdateComposeDocMutation,
} from '../compose/api';
import { AddDocsDialog, folderOptions } from './compose-add-docs';
import { type ComposeRow, nestComposeRows } from './compose-rows';

/** The picked docs and own folders of a compose project: rename folders, reorder, remove, add. */
export function ComposeDocs({ project }: { project: ComposeProject }) {
  const { t } = useTranslation();
  const { data, isLoading } = useComposeDocsQuery(project.id);
  const updateRow = useUpdateComposeDocMutation(project.id);
  const removeRow = useDeleteComposeDocMutation(project.id);
  const addFolder = useAddComposeFolderMutation(project.id);
  const rows = nestComposeRows(data?.rows ?? []);
  const [adding, setAdding] = useState(false);
  const [folderOpen, setFolderOpen] = useState(false);
  const [form] = Form.useForm();
  const update = async (id: string, patch: { folderName?: string; orderIndex?: number }) => {
    try {
      await updateRow.mutateAsync({ id, ...patch });
    } catch (e) {
      showError(e);
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('compose.addDocs')}
        </Button>
        <Button icon={<FolderAddOutlined />} onClick={() => setFolderOpen(true)}>
          {t('folder.new')}
        </Button>
      </Space>
      <Table<ComposeRow>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: <Empty description={t('compose.noDocs')} /> }}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('doc.name'),
            key: 'name',
            render: (_, r) =>
              r.isFolder ? (
                <Input
                  size="small"
                  defaultValue={r.folderName || r.name}
                  style={{ width: 200 }}
                  onBlur={(e) => e.target.value !== (r.folderName || r.name) && update(r.id, { folderName: e.target.value })}
                />
              ) : (
                <Space size={4}>
                  {r.httpMethod && <Tag color={METHOD_TAG_COLORS[r.httpMethod.toUpperCase()] ?? 'default'}>{r.httpMethod}</Tag>}
                  <span className={r.missing ? 'deprecated' : ''}>{r.missing ? t('doc.notFound') : r.name}</span>
                </Space>
              ),
          },
          { title: t('doc.url'), dataIndex: 'url' },
          { title: t('compose.origin'), dataIndex: 'origin' },
          {
            title: t('doc.order'),
            dataIndex: 'orderIndex',
            width: 110,
            render: (v: number, r) => (
              <InputNumber
                controls={false}
                size="small"
                defaultValue={v}
                style={{ width: 90 }}
                onBlur={(e) => Number(e.target.value) !== v && update(r.id, { orderIndex: Number(e.target.value) })}
              />
            ),
          },
          {
            title: '',
            key: 'op',
            width: 48,
            render: (_, r) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() =>
                  confirmAction({
                    title: t('compose.removeConfirm', { 0: r.folderName || r.name }),
                    run: () => removeRow.mutateAsync(r.id),
                  })
                }
              />
            ),
          },
        ]}
      />
      <AddDocsDialog projectId={project.id} open={adding} folders={folderOptions(rows)} onClose={() => setAdding(false)} />
      <Modal
        open={folderOpen}
        title={t('folder.new')}
        destroyOnHidden
        onCancel={() => setFolderOpen(false)}
        onOk={async () => {
          const v = await form.validateFields();
          try {
            await addFolder.mutateAsync({ parentId: v.parentId ?? '', name: v.name.trim() });
            setFolderOpen(false);
            form.resetFields();
          } catch (e) {
            showError(e, form);
          }
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('folder.name')}
            rules={[{ required: true, whitespace: true, max: 255, message: t('validation.notEmptyLength', { 0: 255 }) }]}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="parentId" label={t('compose.targetFolder')} initialValue="">
            <TreeSelect treeDefaultExpandAll treeData={[{ value: '', title: t('folder.root'), children: folderOptions(rows) }]} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

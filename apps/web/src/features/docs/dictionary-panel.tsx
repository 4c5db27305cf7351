/** Dictionary management of an application: categories (enum infos) and their items (name, type, value, description). */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Form, Input, List, Modal, Row, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { showError } from '../../lib/errors';
import {
  type DictionaryBase,
  type DictionaryItem,
  useDeleteDictionaryItemMutation,
  useDeleteDictionaryMutation,
  useDictionariesQuery,
  useDictionaryItemsQuery,
  useSaveDictionaryItemMutation,
  useSaveDictionaryMutation,
} from '../dictionary/api';

export function DictionaryPanel({ moduleId, canEdit }: { moduleId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useDictionariesQuery(moduleId);
  const [selected, setSelected] = useState<string>();
  const current = data?.find((d) => d.id === selected) ?? data?.[0];
  const items = useDictionaryItemsQuery(current?.id);
  const saveInfo = useSaveDictionaryMutation(moduleId);
  const deleteInfo = useDeleteDictionaryMutation(moduleId);
  const saveItem = useSaveDictionaryItemMutation(current?.id);
  const deleteItem = useDeleteDictionaryItemMutation(current?.id);
  const [infoForm] = Form.useForm();
  const [itemForm] = Form.useForm();
  const [infoOpen, setInfoOpen] = useState<DictionaryBase | 'new' | null>(null);
  const [itemOpen, setItemOpen] = useState<DictionaryItem | 'new' | null>(null);

  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Card
          size="small"
          title={t('dict.categories')}
          extra={
            canEdit && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => {
                  infoForm.setFieldsValue({ name: '', description: '' });
                  setInfoOpen('new');
                }}
              >
                {t('common.add')}
              </Button>
            )
          }
        >
          <List
            loading={isLoading}
            dataSource={data ?? []}
            locale={{ emptyText: t('dict.none') }}
            renderItem={(d) => (
              <List.Item
                className={d.id === current?.id ? 'list-active' : ''}
                onClick={() => setSelected(d.id)}
                style={{ cursor: 'pointer', paddingInline: 8 }}
                actions={
                  canEdit
                    ? [
                        <Button
                          key="e"
                          size="small"
                          type="text"
                          icon={<EditOutlined />}
                          aria-label={t('common.edit')}
                          onClick={(e) => {
                            e.stopPropagation();
                            infoForm.setFieldsValue(d);
                            setInfoOpen(d);
                          }}
                        />,
                        <Button
                          key="d"
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('common.delete')}
                          onClick={(e) => {
                            e.stopPropagation();
                            confirmAction({
                              title: t('dict.deleteConfirm', { 0: d.name }),
                              run: () => deleteInfo.mutateAsync(d.id),
                            });
                          }}
                        />,
                      ]
                    : []
                }
              >
                <List.Item.Meta title={d.name} description={d.description} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Card
          size="small"
          title={current ? current.name : t('dict.items')}
          extra={
            canEdit &&
            current && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => {
                  itemForm.setFieldsValue({ name: '', type: 'string', value: '', description: '' });
                  setItemOpen('new');
                }}
              >
                {t('dict.addItem')}
              </Button>
            )
          }
        >
          {!current ? (
            <Empty description={t('dict.none')} />
          ) : (
            <Table<DictionaryItem>
              size="small"
              rowKey="id"
              loading={items.isLoading}
              dataSource={items.data ?? []}
              pagination={false}
              columns={[
                { title: t('dict.itemName'), dataIndex: 'name' },
                { title: t('param.type'), dataIndex: 'type' },
                { title: t('dict.value'), dataIndex: 'value', render: (v) => <Typography.Text code>{v}</Typography.Text> },
                { title: t('param.description'), dataIndex: 'description' },
                ...(canEdit
                  ? [
                      {
                        title: '',
                        key: 'op',
                        width: 90,
                        render: (_: unknown, r: DictionaryItem) => (
                          <Space size={0}>
                            <Button
                              size="small"
                              type="text"
                              icon={<EditOutlined />}
                              aria-label={t('common.edit')}
                              onClick={() => {
                                itemForm.setFieldsValue(r);
                                setItemOpen(r);
                              }}
                            />
                            <Button
                              size="small"
                              type="text"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={t('common.delete')}
                              onClick={() =>
                                confirmAction({
                                  title: t('common.confirmDelete'),
                                  run: () => deleteItem.mutateAsync(r.id),
                                })
                              }
                            />
                          </Space>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Card>
      </Col>
      <Modal
        open={!!infoOpen}
        title={infoOpen === 'new' ? t('dict.addCategory') : t('dict.editCategory')}
        onCancel={() => setInfoOpen(null)}
        onOk={async () => {
          const v = await infoForm.validateFields();
          try {
            const r = await saveInfo.mutateAsync({
              ...(infoOpen && infoOpen !== 'new' ? { id: infoOpen.id } : {}),
              name: v.name.trim(),
              description: v.description ?? '',
            });
            setSelected(r.id);
            setInfoOpen(null);
          } catch (e) {
            showError(e, infoForm);
          }
        }}
      >
        <Form form={infoForm} layout="vertical">
          <Form.Item
            name="name"
            label={t('dict.categoryName')}
            rules={[{ required: true, whitespace: true, max: 255, message: t('validation.notEmptyLength', { 0: 255 }) }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('param.description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!itemOpen}
        title={itemOpen === 'new' ? t('dict.addItem') : t('dict.editItem')}
        onCancel={() => setItemOpen(null)}
        onOk={async () => {
          const v = await itemForm.validateFields();
          try {
            await saveItem.mutateAsync({
              ...(itemOpen && itemOpen !== 'new' ? { id: itemOpen.id } : {}),
              name: v.name.trim(),
              type: v.type,
              value: v.value ?? '',
              description: v.description ?? '',
            });
            setItemOpen(null);
          } catch (e) {
            showError(e, itemForm);
          }
        }}
      >
        <Form form={itemForm} layout="vertical">
          <Form.Item
            name="name"
            label={t('dict.itemName')}
            rules={[{ required: true, whitespace: true, max: 255, message: t('validation.notEmptyLength', { 0: 255 }) }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="type" label={t('param.type')}>
            <Select options={['string', 'number', 'boolean'].map((x) => ({ value: x, label: x }))} />
          </Form.Item>
          <Form.Item name="value" label={t('dict.value')}>
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('param.description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}

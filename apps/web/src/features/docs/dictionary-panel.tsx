/** Dictionary management of an application: categories (enum infos) and their items (name, type, value, description). */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, List, Row, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import {
  type DictionaryBase,
  type DictionaryItem,
  useDeleteDictionaryItemMutation,
  useDeleteDictionaryMutation,
  useDictionariesQuery,
  useDictionaryItemsQuery,
} from '../dictionary/api';
import { CategoryDialog, ItemDialog } from './dictionary-dialogs';

export function DictionaryPanel({ moduleId, canEdit }: { moduleId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading } = useDictionariesQuery(moduleId);
  const [selected, setSelected] = useState<string>();
  const current = data?.find((d) => d.id === selected) ?? data?.[0];
  const items = useDictionaryItemsQuery(current?.id);
  const deleteInfo = useDeleteDictionaryMutation(moduleId);
  const deleteItem = useDeleteDictionaryItemMutation(current?.id);
  const [infoOpen, setInfoOpen] = useState<DictionaryBase | 'new' | null>(null);
  const [itemOpen, setItemOpen] = useState<DictionaryItem | 'new' | null>(null);

  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Card
          size="small"
          title={t('dict.categories')}
          data-testid="dict-categories"
          extra={
            canEdit && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setInfoOpen('new')}>
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
          data-testid="dict-items"
          extra={
            canEdit &&
            current && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setItemOpen('new')}>
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
                              onClick={() => setItemOpen(r)}
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
      <CategoryDialog
        moduleId={moduleId}
        editing={infoOpen}
        onClose={() => setInfoOpen(null)}
        onSaved={(id) => {
          setSelected(id);
          setInfoOpen(null);
        }}
      />
      <ItemDialog dictionaryId={current?.id} editing={itemOpen} onClose={() => setItemOpen(null)} />
    </Row>
  );
}

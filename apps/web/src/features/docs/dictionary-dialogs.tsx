/** The dialogs of the dictionary panel: add or edit a category (enum info), add or edit one of its items. */
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { type DictionaryBase, type DictionaryItem, useSaveDictionaryItemMutation, useSaveDictionaryMutation } from '../dictionary/api';

const ITEM_TYPES = ['string', 'number', 'boolean'].map((x) => ({ value: x, label: x }));

/** Adds a category ('new') or edits one; closed while `editing` is null. `onSaved` gets the saved category's id. */
export function CategoryDialog({
  moduleId,
  editing,
  onClose,
  onSaved,
}: {
  moduleId: string;
  editing: DictionaryBase | 'new' | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSaveDictionaryMutation(moduleId);
  useEffect(() => {
    if (editing) form.setFieldsValue(editing === 'new' ? { name: '', description: '' } : editing);
  }, [editing, form]);
  return (
    <Modal
      open={!!editing}
      title={editing === 'new' ? t('dict.addCategory') : t('dict.editCategory')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          const r = await save.mutateAsync({
            ...(editing && editing !== 'new' ? { id: editing.id } : {}),
            name: v.name.trim(),
            description: v.description ?? '',
          });
          onSaved(r.id);
        } catch (e) {
          showError(e, form);
        }
      }}
    >
      {/* Named, so its inputs' ids (and their labels) differ from the item dialog's. */}
      <Form form={form} name="dict-category" layout="vertical">
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
  );
}

/** Adds an item to a category ('new') or edits one; closed while `editing` is null. */
export function ItemDialog({
  dictionaryId,
  editing,
  onClose,
}: {
  dictionaryId: string | undefined;
  editing: DictionaryItem | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSaveDictionaryItemMutation(dictionaryId);
  useEffect(() => {
    if (editing) form.setFieldsValue(editing === 'new' ? { name: '', type: 'string', value: '', description: '' } : editing);
  }, [editing, form]);
  return (
    <Modal
      open={!!editing}
      title={editing === 'new' ? t('dict.addItem') : t('dict.editItem')}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          await save.mutateAsync({
            ...(editing && editing !== 'new' ? { id: editing.id } : {}),
            name: v.name.trim(),
            type: v.type,
            value: v.value ?? '',
            description: v.description ?? '',
          });
          onClose();
        } catch (e) {
          showError(e, form);
        }
      }}
    >
      <Form form={form} name="dict-item" layout="vertical">
        <Form.Item
          name="name"
          label={t('dict.itemName')}
          rules={[{ required: true, whitespace: true, max: 255, message: t('validation.notEmptyLength', { 0: 255 }) }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="type" label={t('param.type')}>
          <Select options={ITEM_TYPES} />
        </Form.Item>
        <Form.Item name="value" label={t('dict.value')}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('param.description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

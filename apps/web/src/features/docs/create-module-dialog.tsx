/** The dialog that creates an application in a project (a name of up to 64 characters). */
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { useAddModuleMutation } from '../application/api';

/** `onClose` gets the new application's id, or nothing when cancelled. */
export function CreateModuleDialog({ projectId, open, onClose }: { projectId: string; open: boolean; onClose: (id?: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const add = useAddModuleMutation(projectId);
  return (
    <Modal
      open={open}
      title={t('module.create')}
      destroyOnHidden
      onCancel={() => onClose()}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          const r = await add.mutateAsync(v.name.trim());
          form.resetFields();
          onClose(r.id);
        } catch (e) {
          showError(e, form);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('module.name')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('validation.notEmptyLength', { 0: 64 }) }]}
        >
          <Input autoFocus data-testid="module-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

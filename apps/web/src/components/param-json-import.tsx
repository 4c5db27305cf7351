/** The editable parameter table's JSON import (spec §5): a JSON sample becomes parameters, nested ones opened. */
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditParam, importJson } from '../lib/param-tree';

/** Keys of the rows that have children (all opened after an import). */
const allKeys = (l: EditParam[]): string[] => l.flatMap((p) => (p.children.length ? [p.key, ...allKeys(p.children)] : []));

export function ParamJsonImport({
  open,
  onClose,
  value,
  initOrder,
  onImport,
}: {
  open: boolean;
  onClose: () => void;
  value: EditParam[];
  initOrder: number;
  /** The parameters with the imported ones, and the keys of the rows to open. */
  onImport: (next: EditParam[], expanded: string[]) => void;
}) {
  const { t } = useTranslation();
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState('');
  return (
    <Modal
      open={open}
      destroyOnHidden
      title={t('param.importJson')}
      onCancel={onClose}
      okText={t('common.ok')}
      onOk={() => {
        if (!jsonText.trim()) {
          setJsonError(t('validation.enterJson'));
          return;
        }
        try {
          const next = importJson(value, jsonText, initOrder);
          onImport(next, allKeys(next));
          onClose();
          setJsonText('');
          setJsonError('');
        } catch {
          setJsonError(t('validation.enterJson'));
        }
      }}
    >
      <Input.TextArea
        rows={12}
        value={jsonText}
        onChange={(e) => setJsonText(e.target.value)}
        placeholder='{"id": 1, "name": "..."}'
        status={jsonError ? 'error' : undefined}
        className="mono"
        data-testid="json-import-text"
      />
      {jsonError && <div className="form-error">{jsonError}</div>}
    </Modal>
  );
}

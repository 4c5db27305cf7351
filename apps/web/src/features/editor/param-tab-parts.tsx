/**
 * Parts of the editor's parameter tabs (param-tabs.tsx): the tab labels with their counts, and the doc flags shown
 * above the tables (common headers/params/returns, body is an array).
 */
import type { DocSpecExtras } from '@folio/shared';
import { Badge, Checkbox, Form, type FormInstance, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocFormValues } from './doc-form';

/** Number of named examples in a doc's extras the Examples tab lists (its badge; a business code's included). */
export const exampleCount = (x: DocSpecExtras) =>
  (x.requestExamples?.length ?? 0) +
  (x.responses ?? []).reduce((n, r) => n + (r.examples?.length ?? 0), 0) +
  (x.paramExamples ?? []).reduce((n, p) => n + p.examples.length, 0);

/** A tab's label with the number of its rows. */
export function TabLabel({ label, count }: { label: string; count: number }) {
  return (
    <span>
      {label} <Badge count={count} size="small" color="#8c8c8c" />
    </span>
  );
}

/** A boolean doc field shown as a checkbox above a parameter table. */
export function FlagCheckbox({
  form,
  flag,
  label,
  onChange,
}: {
  form: FormInstance<DocFormValues>;
  flag: 'isUseGlobalHeaders' | 'isUseGlobalParams' | 'isUseGlobalReturns';
  label: string;
  onChange: () => void;
}) {
  const on = Form.useWatch(flag, { form, preserve: true });
  return (
    <Checkbox
      checked={!!on}
      style={{ marginBottom: 8 }}
      onChange={(e) => {
        form.setFieldValue(flag, e.target.checked);
        onChange();
      }}
    >
      {label}
    </Checkbox>
  );
}

/** "Body is an array of <type>" switch. */
export function ArrayFlag({
  form,
  flag,
  typeField,
  label,
  onChange,
}: {
  form: FormInstance<DocFormValues>;
  flag: 'isRequestArray' | 'isResponseArray';
  typeField: 'requestArrayType' | 'responseArrayType';
  label: string;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const on = Form.useWatch(flag, { form, preserve: true });
  const elType = Form.useWatch(typeField, { form, preserve: true });
  return (
    <Space style={{ marginBottom: 8 }}>
      <Checkbox
        checked={!!on}
        onChange={(e) => {
          form.setFieldValue(flag, e.target.checked);
          onChange();
        }}
      >
        {label}
      </Checkbox>
      {on && (
        <Select
          size="small"
          value={elType || 'object'}
          aria-label={t('param.type')}
          style={{ width: 110 }}
          options={['object', 'string', 'number', 'boolean'].map((x) => ({ value: x, label: x }))}
          onChange={(v) => {
            form.setFieldValue(typeField, v);
            onChange();
          }}
        />
      )}
    </Space>
  );
}

/**
 * Generic editor of a group of system settings, driven by the definitions the server returns
 * (kind, options, limits). Secrets are write-only: an empty field keeps the stored value.
 */
import { Button, Flex, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { type SettingDef, type SettingsPage, useSaveSettingsMutation } from './api';

/** Which public URL applies and why, under its setting. */
function publicUrlNote(t: TFunction, p: NonNullable<SettingsPage['publicUrl']>): string {
  if (p.source === 'env') return t('admin.publicUrl.fromEnv', { 0: p.value });
  if (p.source === 'default') return t('admin.publicUrl.default', { 0: p.value });
  return p.env ? t('admin.publicUrl.overridesEnv', { 0: p.env }) : '';
}

/** Form field names cannot contain dots (antd treats them as paths). */
const fieldName = (key: string) => key.replaceAll('.', '__');

export function SettingsForm({
  data,
  keys,
  extra,
  languages,
}: {
  data: SettingsPage;
  keys: string[];
  extra?: React.ReactNode;
  languages?: { lang: string; description: string }[];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const update = useSaveSettingsMutation();
  const keyList = keys.join(',');
  const defs = useMemo(
    () =>
      keyList
        .split(',')
        .map((k) => data.defs.find((d) => d.key === k))
        .filter((d): d is SettingDef => !!d),
    [data.defs, keyList],
  );

  useEffect(() => {
    const init: Record<string, unknown> = {};
    for (const d of defs) {
      const v = data.values[d.key] ?? '';
      init[fieldName(d.key)] = d.kind === 'bool' ? v === 'true' : d.kind === 'int' ? Number(v) : d.kind === 'secret' ? '' : v;
    }
    form.setFieldsValue(init);
  }, [data.values, defs, form]);

  const save = async (v: Record<string, unknown>, clearSecrets: string[] = []) => {
    const values: Record<string, string> = {};
    for (const d of defs) {
      const raw = v[fieldName(d.key)];
      if (d.kind === 'bool') values[d.key] = raw ? 'true' : 'false';
      else if (d.kind === 'int') values[d.key] = raw === null || raw === undefined ? '' : String(raw);
      else values[d.key] = String(raw ?? '');
    }
    try {
      await update.mutateAsync({ values, clearSecrets });
      ui.message?.success(t('admin.saved'));
      form.setFieldsValue(Object.fromEntries(defs.filter((d) => d.kind === 'secret').map((d) => [fieldName(d.key), ''])));
    } catch (e) {
      showError(e);
      const fields = (e as { fields?: { field: string; message: string }[] }).fields ?? [];
      form.setFields(fields.map((f) => ({ name: fieldName(f.field), errors: [f.message] })));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => save(v)} style={{ maxWidth: 720 }}>
      {defs.map((d) => {
        const label = t(`admin.key.${d.key}`);
        const name = fieldName(d.key);
        if (d.kind === 'bool') {
          return (
            <Form.Item key={d.key} name={name} label={label} valuePropName="checked">
              <Switch data-setting={d.key} />
            </Form.Item>
          );
        }
        if (d.kind === 'int') {
          return (
            <Form.Item key={d.key} name={name} label={label} rules={[{ required: true, type: 'number', min: d.min, max: d.max }]}>
              <InputNumber controls={false} data-setting={d.key} min={d.min} max={d.max} style={{ width: 200 }} />
            </Form.Item>
          );
        }
        if (d.kind === 'enum' || (d.key === 'folio.default-lang' && languages)) {
          const options =
            d.key === 'folio.default-lang' && languages
              ? languages.map((l) => ({ value: l.lang, label: `${l.description} (${l.lang})` }))
              : d.options.map((o) => ({ value: o, label: d.key === 'folio.doc-sort-type' ? t(`admin.sort.${o}`) : o }));
          return (
            <Form.Item key={d.key} name={name} label={label}>
              <Select data-setting={d.key} options={options} style={{ maxWidth: 360 }} />
            </Form.Item>
          );
        }
        if (d.kind === 'secret') {
          const set = data.secrets[d.key];
          return (
            <Form.Item
              key={d.key}
              label={
                <Space>
                  {label}
                  <Tag color={set ? 'green' : 'default'}>{set ? t('admin.secretSet') : t('admin.secretNotSet')}</Tag>
                  {set && (
                    <Button size="small" type="link" onClick={() => save(form.getFieldsValue(), [d.key])}>
                      {t('admin.clearSecret')}
                    </Button>
                  )}
                </Space>
              }
            >
              <Form.Item name={name} noStyle rules={[{ max: d.max }]}>
                <Input.Password data-setting={d.key} autoComplete="new-password" placeholder={set ? '••••••••' : ''} />
              </Form.Item>
            </Form.Item>
          );
        }
        const inForce = d.key === 'folio.public-url' ? data.publicUrl : undefined;
        return (
          <Form.Item
            key={d.key}
            name={name}
            label={label}
            rules={[{ max: d.max }]}
            extra={inForce && <span data-testid="public-url-in-force">{publicUrlNote(t, inForce)}</span>}
          >
            {d.kind === 'text' ? (
              <Input.TextArea data-setting={d.key} autoSize={{ minRows: 2, maxRows: 10 }} />
            ) : (
              <Input data-setting={d.key} placeholder={inForce && inForce.source !== 'setting' ? inForce.value : undefined} />
            )}
          </Form.Item>
        );
      })}
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
        {extra}
      </Flex>
    </Form>
  );
}

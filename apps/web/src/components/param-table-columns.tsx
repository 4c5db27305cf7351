/**
 * The columns of the editable parameter table (param-table.tsx): name (format hints), type (the types of spec §9,
 * plus an imported type outside them), required and max length (not for responses), example, description, actions.
 */
import { isConventionalParamName, isValidParamName, PARAM_TYPES } from '@folio/shared';
import { Checkbox, Input, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addParam, type EditParam, hasChildrenType, moveParam, removeParam, updateParam } from '../lib/param-tree';
import { DescriptionCell, RowActions } from './param-table-cells';

/** `oneOf`/`anyOf`: the param's children are its alternatives. */
export const isAlternativesType = (type: string) => /^(oneof|anyof)$/i.test(type);

/** The type list, plus the param's own type when it is outside it (kept as imported; alternatives named so). */
function typeOptions(current: string, alternativesLabel: string) {
  const list: { value: string; label: string }[] = PARAM_TYPES.map((x) => ({ value: x, label: x }));
  if (current && !(PARAM_TYPES as readonly string[]).includes(current))
    list.unshift({ value: current, label: isAlternativesType(current) ? `${current} · ${alternativesLabel}` : current });
  return list;
}

export function useParamColumns({
  value,
  onChange,
  kind,
  initOrder,
  dictionaries,
  readOnly,
  nested,
  onExpand,
}: {
  value: EditParam[];
  onChange: (v: EditParam[]) => void;
  kind: 'header' | 'path' | 'query' | 'request' | 'response';
  initOrder: number;
  dictionaries: { id: string; name: string }[];
  readOnly?: boolean;
  /** Rows may have children (request, response and query tables). */
  nested: boolean;
  /** Opens a row (its first child was just added). */
  onExpand: (key: string) => void;
}) {
  const { t } = useTranslation();
  /** The row whose marked-up description is being edited as text. */
  const [editingDesc, setEditingDesc] = useState<string | null>(null);
  const set = (key: string, patch: Partial<EditParam>) => onChange(updateParam(value, key, patch));
  return [
    {
      title: t('param.name'),
      dataIndex: 'name',
      width: 240,
      className: 'param-name-cell',
      render: (v: string, r: EditParam) => {
        const bad = !!v && !isValidParamName(v);
        // A name typed into a new row outside the usual characters is kept, with a hint (never for stored names).
        const unusual = !bad && !r.id && !!v.trim() && !isConventionalParamName(v);
        return (
          <Tooltip open={bad || unusual ? undefined : false} title={bad ? t('param.nameFormat') : t('param.nameUnusual')}>
            <Input
              size="small"
              value={v}
              status={bad ? 'error' : unusual ? 'warning' : undefined}
              disabled={readOnly}
              onChange={(e) => set(r.key, { name: e.target.value })}
              className="param-name-input"
              aria-label={t('param.name')}
              data-testid="param-name"
            />
          </Tooltip>
        );
      },
    },
    {
      title: t('param.type'),
      dataIndex: 'type',
      width: 120,
      render: (v: string, r: EditParam) => (
        <Select
          size="small"
          value={v}
          disabled={readOnly}
          style={{ width: '100%' }}
          popupMatchSelectWidth={false}
          options={typeOptions(v, t('param.alternatives'))}
          aria-label={t('param.type')}
          onChange={(type) => set(r.key, { type })}
        />
      ),
    },
    ...(kind !== 'response'
      ? [
          {
            title: t('param.required'),
            dataIndex: 'required',
            width: 64,
            render: (v: number, r: EditParam) => (
              <Checkbox
                checked={!!v}
                disabled={readOnly}
                aria-label={t('param.required')}
                onChange={(e) => set(r.key, { required: e.target.checked ? 1 : 0 })}
              />
            ),
          },
          {
            title: t('param.maxLength'),
            dataIndex: 'maxLength',
            width: 80,
            render: (v: string, r: EditParam) => (
              <Input
                size="small"
                value={v}
                disabled={readOnly}
                aria-label={t('param.maxLength')}
                onChange={(e) => set(r.key, { maxLength: e.target.value })}
              />
            ),
          },
        ]
      : []),
    {
      title: t('param.example'),
      dataIndex: 'example',
      render: (v: string, r: EditParam) => (
        <Input
          size="small"
          value={v}
          disabled={readOnly}
          aria-label={t('param.example')}
          onChange={(e) => set(r.key, { example: e.target.value })}
        />
      ),
    },
    {
      title: t('param.description'),
      dataIndex: 'description',
      render: (_: string, r: EditParam) => (
        <DescriptionCell
          r={r}
          dictionaries={dictionaries}
          readOnly={readOnly}
          editing={editingDesc === r.key}
          onEdit={(on) => setEditingDesc(on ? r.key : (k) => (k === r.key ? null : k))}
          onChange={(patch) => set(r.key, patch)}
        />
      ),
    },
    ...(!readOnly
      ? [
          {
            title: '',
            key: 'op',
            width: 120,
            render: (_: unknown, r: EditParam) => (
              <RowActions
                canAddChild={nested && hasChildrenType(r.type)}
                onAddChild={() => {
                  onChange(addParam(value, r.key, initOrder).list);
                  onExpand(r.key);
                }}
                onMove={(by) => onChange(moveParam(value, r.key, by))}
                onRemove={() => onChange(removeParam(value, r.key))}
              />
            ),
          },
        ]
      : []),
  ];
}

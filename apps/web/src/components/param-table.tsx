/**
 * Editable parameter table with nested rows (add child, move up/down, delete), the types of spec §9,
 * dictionary links for enums, and JSON import (spec §5). Imported params keep what the reading view shows:
 * a type outside the list (`oneOf`/`anyOf` alternatives, `integer`, `string(date-time)`) is offered as it is,
 * and a description with markup is shown rendered (the shared renderer) until it is clicked to edit.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, ImportOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { descriptionInlineHtml, escapeHtml, isConventionalParamName, isValidParamName, PARAM_TYPES } from '@folio/shared';
import { Button, Checkbox, Flex, Input, Modal, Select, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addParam, type EditParam, hasChildrenType, importJson, moveParam, removeParam, updateParam } from '../lib/param-tree';

export interface ParamTableProps {
  value: EditParam[];
  onChange: (v: EditParam[]) => void;
  /** Which columns: path/header/query need no children; response has no required/maxLength. */
  kind: 'header' | 'path' | 'query' | 'request' | 'response';
  initOrder: number;
  dictionaries?: { id: string; name: string }[];
  readOnly?: boolean;
  testId?: string;
}

/** The type list, plus the param's own type when it is outside it (kept as imported; alternatives named so). */
function typeOptions(current: string, alternativesLabel: string) {
  const list: { value: string; label: string }[] = PARAM_TYPES.map((x) => ({ value: x, label: x }));
  if (current && !(PARAM_TYPES as readonly string[]).includes(current))
    list.unshift({ value: current, label: isAlternativesType(current) ? `${current} · ${alternativesLabel}` : current });
  return list;
}

/** `oneOf`/`anyOf`: the param's children are its alternatives. */
export const isAlternativesType = (type: string) => /^(oneof|anyof)$/i.test(type);

/** A description the shared renderer shows differently from its text (HTML or Markdown markup). */
const hasMarkup = (text: string) => !!text && descriptionInlineHtml(text) !== escapeHtml(text);

export function ParamTable({ value, onChange, kind, initOrder, dictionaries = [], readOnly, testId }: ParamTableProps) {
  const { t } = useTranslation();
  const [jsonOpen, setJsonOpen] = useState(false);
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  /** The row whose marked-up description is being edited as text. */
  const [editingDesc, setEditingDesc] = useState<string | null>(null);
  const nested = kind === 'request' || kind === 'response' || kind === 'query';
  const set = (key: string, patch: Partial<EditParam>) => onChange(updateParam(value, key, patch));

  const columns = [
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
      render: (v: string, r: EditParam) => (
        <Flex gap={4}>
          {editingDesc !== r.key && hasMarkup(v) ? (
            <button
              type="button"
              className="param-desc-rendered desc-inline"
              style={{
                flex: 1,
                minHeight: 24,
                padding: '1px 7px',
                textAlign: 'left',
                cursor: 'text',
                background: 'transparent',
                border: '1px dashed #d9d9d9',
                borderRadius: 4,
                font: 'inherit',
              }}
              disabled={readOnly}
              title={t('param.editDescription')}
              aria-label={`${t('param.description')}: ${t('param.editDescription')}`}
              onClick={() => setEditingDesc(r.key)}
              data-testid="param-desc-rendered"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the shared allowlist (description.ts)
              dangerouslySetInnerHTML={{ __html: descriptionInlineHtml(v) }}
            />
          ) : (
            <Input
              size="small"
              value={v}
              disabled={readOnly}
              autoFocus={editingDesc === r.key}
              aria-label={t('param.description')}
              onChange={(e) => set(r.key, { description: e.target.value })}
              onBlur={() => setEditingDesc((k) => (k === r.key ? null : k))}
            />
          )}
          {r.type === 'enum' && (
            <Select
              size="small"
              allowClear
              placeholder={t('param.dictionary')}
              aria-label={t('param.dictionary')}
              value={r.enumId || undefined}
              disabled={readOnly}
              style={{ minWidth: 120 }}
              options={dictionaries.map((d) => ({ value: d.id, label: d.name }))}
              onChange={(enumId) => set(r.key, { enumId: enumId ?? '' })}
            />
          )}
        </Flex>
      ),
    },
    ...(!readOnly
      ? [
          {
            title: '',
            key: 'op',
            width: 120,
            render: (_: unknown, r: EditParam) => (
              <Flex gap={0}>
                {nested && hasChildrenType(r.type) && (
                  <Tooltip title={t('param.addChild')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<SubnodeOutlined />}
                      aria-label={t('param.addChild')}
                      onClick={() => {
                        onChange(addParam(value, r.key, initOrder).list);
                        setExpanded((e) => [...new Set([...e, r.key])]);
                      }}
                    />
                  </Tooltip>
                )}
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('param.up')}
                  onClick={() => onChange(moveParam(value, r.key, -1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('param.down')}
                  onClick={() => onChange(moveParam(value, r.key, 1))}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common.delete')}
                  onClick={() => onChange(removeParam(value, r.key))}
                />
              </Flex>
            ),
          },
        ]
      : []),
  ];

  /** Rows without children carry no `children` (antd would draw an expand icon for an empty array). */
  const view = (l: EditParam[]): EditParam[] =>
    l.map((p) => (p.children.length ? { ...p, children: view(p.children) } : ({ ...p, children: undefined } as unknown as EditParam)));
  const allKeys = (l: EditParam[]): string[] => l.flatMap((p) => (p.children.length ? [p.key, ...allKeys(p.children)] : []));

  return (
    <div className="param-table" data-testid={testId}>
      <Table<EditParam>
        size="small"
        rowKey="key"
        dataSource={view(value)}
        columns={columns}
        pagination={false}
        scroll={{ x: 900 }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (k) => setExpanded(k as string[]),
          childrenColumnName: 'children',
          rowExpandable: (r) => r.children.length > 0,
        }}
        locale={{ emptyText: t('param.none') }}
      />
      {!readOnly && (
        <Flex gap={8} style={{ marginTop: 8 }}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => onChange(addParam(value, null, initOrder).list)}
            data-testid="param-add"
          >
            {t('param.add')}
          </Button>
          {nested && (
            <Button size="small" icon={<ImportOutlined />} onClick={() => setJsonOpen(true)} data-testid="param-import-json">
              {t('param.importJson')}
            </Button>
          )}
        </Flex>
      )}
      <Modal
        open={jsonOpen}
        destroyOnHidden
        title={t('param.importJson')}
        onCancel={() => setJsonOpen(false)}
        okText={t('common.ok')}
        onOk={() => {
          if (!jsonText.trim()) {
            setJsonError(t('validation.enterJson'));
            return;
          }
          try {
            const next = importJson(value, jsonText, initOrder);
            onChange(next);
            setExpanded(allKeys(next));
            setJsonOpen(false);
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
    </div>
  );
}

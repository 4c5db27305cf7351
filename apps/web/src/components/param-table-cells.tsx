/**
 * Cells of the editable parameter table (param-table.tsx) that hold more than one control: the description (shown
 * rendered while it has markup, until clicked to edit) with its dictionary link, and a row's actions.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, SubnodeOutlined } from '@ant-design/icons';
import { descriptionInlineHtml, escapeHtml } from '@folio/shared';
import { Button, Flex, Input, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditParam } from '../lib/param-tree';

/** A description the shared renderer shows differently from its text (HTML or Markdown markup). */
const hasMarkup = (text: string) => !!text && descriptionInlineHtml(text) !== escapeHtml(text);

export function DescriptionCell({
  r,
  dictionaries,
  readOnly,
  editing,
  onEdit,
  onChange,
}: {
  r: EditParam;
  dictionaries: { id: string; name: string }[];
  readOnly?: boolean;
  /** This row's marked-up description is being edited as text. */
  editing: boolean;
  /** Starts (true) or ends (false) editing this row's description as text. */
  onEdit: (on: boolean) => void;
  onChange: (patch: Partial<EditParam>) => void;
}) {
  const { t } = useTranslation();
  const v = r.description;
  return (
    <Flex gap={4}>
      {!editing && hasMarkup(v) ? (
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
          onClick={() => onEdit(true)}
          data-testid="param-desc-rendered"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the shared allowlist (description.ts)
          dangerouslySetInnerHTML={{ __html: descriptionInlineHtml(v) }}
        />
      ) : (
        <Input
          size="small"
          value={v}
          disabled={readOnly}
          autoFocus={editing}
          aria-label={t('param.description')}
          onChange={(e) => onChange({ description: e.target.value })}
          onBlur={() => onEdit(false)}
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
          onChange={(enumId) => onChange({ enumId: enumId ?? '' })}
        />
      )}
    </Flex>
  );
}

/** A row's actions: add a child (types with children, in nested tables), move up/down, delete. */
export function RowActions({
  canAddChild,
  onAddChild,
  onMove,
  onRemove,
}: {
  canAddChild: boolean;
  onAddChild: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={0}>
      {canAddChild && (
        <Tooltip title={t('param.addChild')}>
          <Button size="small" type="text" icon={<SubnodeOutlined />} aria-label={t('param.addChild')} onClick={onAddChild} />
        </Tooltip>
      )}
      <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('param.up')} onClick={() => onMove(-1)} />
      <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('param.down')} onClick={() => onMove(1)} />
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={onRemove} />
    </Flex>
  );
}

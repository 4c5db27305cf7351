/**
 * Editable parameter table with nested rows (add child, move up/down, delete), the types of spec §9,
 * dictionary links for enums, and JSON import (spec §5). Imported params keep what the reading view shows:
 * a type outside the list (`oneOf`/`anyOf` alternatives, `integer`, `string(date-time)`) is offered as it is,
 * and a description with markup is shown rendered (the shared renderer) until it is clicked to edit.
 * Columns: param-table-columns.tsx; multi-control cells: param-table-cells.tsx; import: param-json-import.tsx.
 */
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addParam, type EditParam } from '../lib/param-tree';
import { ParamJsonImport } from './param-json-import';
import { useParamColumns } from './param-table-columns';

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

/** Rows without children carry no `children` (antd would draw an expand icon for an empty array). */
const view = (l: EditParam[]): EditParam[] =>
  l.map((p) => (p.children.length ? { ...p, children: view(p.children) } : ({ ...p, children: undefined } as unknown as EditParam)));

export function ParamTable({ value, onChange, kind, initOrder, dictionaries = [], readOnly, testId }: ParamTableProps) {
  const { t } = useTranslation();
  const [jsonOpen, setJsonOpen] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const nested = kind === 'request' || kind === 'response' || kind === 'query';
  const columns = useParamColumns({
    value,
    onChange,
    kind,
    initOrder,
    dictionaries,
    readOnly,
    nested,
    onExpand: (key) => setExpanded((e) => [...new Set([...e, key])]),
  });

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
      <ParamJsonImport
        open={jsonOpen}
        onClose={() => setJsonOpen(false)}
        value={value}
        initOrder={initOrder}
        onImport={(next, keys) => {
          onChange(next);
          setExpanded(keys);
        }}
      />
    </div>
  );
}

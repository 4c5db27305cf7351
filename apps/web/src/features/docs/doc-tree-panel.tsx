/**
 * The management doc tree of one application: filter (id, name, url; case-insensitive), optional
 * checkboxes, expand/collapse all, virtualized rows (10,000 docs), drag to move, and per-node actions.
 */
import { ExportOutlined, FolderAddOutlined, ImportOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { DocType, type TreeNode } from '@folio/shared';
import { Button, Dropdown, Empty, Flex, Input, type MenuProps, Skeleton, Tooltip, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError } from '../../lib/errors';
import { ancestorIds, branchKeys, filterTree, findNode } from '../../lib/tree-filter';
import { nodeMenuItems, runNodeAction, TreeViewControls } from './doc-tree-menu';
import { DocTreeTitle, type TreeLabelMode } from './doc-tree-node';
import { useDocTree, useMoveDocMutation } from './docs-api';
import { useDocActions } from './use-doc-actions';

type Node = DataNode & { raw: TreeNode };

const LABEL_KEY = 'folio.treeLabel';

/** Tree data without rendered titles (rows render lazily through titleRender; only visible ones exist). */
function toData(nodes: TreeNode[]): Node[] {
  return nodes.map((n) => ({
    key: n.id,
    raw: n,
    isLeaf: !n.children?.length,
    children: n.children?.length ? toData(n.children) : undefined,
  }));
}

/** Measures an element's height (for the virtual list). */
function useHeight<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [h, setH] = useState(400);
  useEffect(() => {
    if (!ref.current) return;
    const ro = new ResizeObserver(([e]) => setH(Math.max(200, Math.floor(e.contentRect.height))));
    ro.observe(ref.current);
    return () => ro.disconnect();
  }, []);
  return [ref, h];
}

export interface DocTreePanelProps {
  projectId: string;
  moduleId: string;
  selectedId?: string;
  canWrite: boolean;
  onSelect: (node: TreeNode) => void;
  onImport: () => void;
  /** Export the ticked docs (docIds), one folder (folderId) or, with neither, the whole application. */
  onExport: (scope: { docIds?: string[]; folderId?: string }) => void;
}

export function DocTreePanel({ projectId, moduleId, selectedId, canWrite, onSelect, onImport, onExport }: DocTreePanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading } = useDocTree(moduleId);
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const [labelMode, setLabelMode] = useState<TreeLabelMode>(() => (localStorage.getItem(LABEL_KEY) === 'path' ? 'path' : 'name'));
  const [checkable, setCheckable] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [ref, height] = useHeight<HTMLDivElement>();
  const actions = useDocActions(moduleId, projectId);
  const moveDoc = useMoveDocMutation(moduleId);

  const tree = data ?? [];
  const filtered = useMemo(() => filterTree(tree, deferred), [tree, deferred]);
  const fullData = useMemo(() => toData(tree), [tree]);
  const treeData = useMemo(() => (filtered === tree ? fullData : toData(filtered)), [filtered, tree, fullData]);

  // Expand everything matching when the filter changes (state adjusted during render: one pass, no effect).
  // Clearing the filter brings back what was expanded before it.
  const [expandedFor, setExpandedFor] = useState(deferred);
  const [beforeFilter, setBeforeFilter] = useState<string[] | null>(null);
  if (expandedFor !== deferred) {
    setExpandedFor(deferred);
    if (deferred.trim()) {
      if (beforeFilter === null) setBeforeFilter(expanded);
      setExpanded(branchKeys(filtered));
    } else if (beforeFilter !== null) {
      setExpanded(beforeFilter);
      setBeforeFilter(null);
    }
  }
  // Reveal the selected doc.
  useEffect(() => {
    if (selectedId && tree.length) setExpanded((e) => [...new Set([...e, ...ancestorIds(tree, selectedId)])]);
  }, [selectedId, tree]);

  const newItems: MenuProps['items'] = [
    { key: 'http', label: t('doc.newHttp') },
    { key: 'markdown', label: t('doc.newMarkdown') },
    { key: 'custom', label: t('doc.newCustom') },
    { key: 'dubbo', label: t('doc.newDubbo') },
  ];

  return (
    <Flex vertical className="doc-tree-panel">
      <Flex gap={4} className="doc-tree-toolbar" wrap>
        <Input.Search
          allowClear
          size="small"
          placeholder={t('tree.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ flex: 1, minWidth: 120 }}
          data-testid="tree-filter"
        />
        {canWrite && (
          <Dropdown
            menu={{
              items: newItems,
              onClick: ({ key }) => navigate(`/doc/new/${moduleId}${key === 'http' ? '' : `?type=${key}`}`),
            }}
          >
            <Button size="small" type="primary" icon={<PlusOutlined />} data-testid="new-doc">
              {t('doc.new')}
            </Button>
          </Dropdown>
        )}
        {canWrite && (
          <Tooltip title={t('folder.new')}>
            <Button
              size="small"
              icon={<FolderAddOutlined />}
              onClick={() => actions.createFolder('')}
              data-testid="new-folder"
              aria-label={t('folder.new')}
            />
          </Tooltip>
        )}
      </Flex>
      <Flex gap={4} className="doc-tree-toolbar" wrap>
        <TreeViewControls
          onExpandAll={() => setExpanded(branchKeys(filtered))}
          onCollapseAll={() => setExpanded([])}
          labelMode={labelMode}
          onLabelMode={(next) => {
            localStorage.setItem(LABEL_KEY, next);
            setLabelMode(next);
          }}
          checkable={checkable}
          onCheckable={(on) => {
            setCheckable(on);
            setChecked([]);
          }}
        />
        {canWrite && (
          <Button size="small" type="text" icon={<ImportOutlined />} onClick={onImport}>
            {t('doc.import')}
          </Button>
        )}
        <Button
          size="small"
          type="text"
          icon={<ExportOutlined />}
          onClick={() => onExport(checkable && checked.length ? { docIds: checked } : {})}
        >
          {checkable && checked.length ? t('doc.exportTicked', { 0: checked.length }) : t('doc.export')}
        </Button>
        {checkable && canWrite && checked.length > 0 && (
          <Button size="small" type="text" danger onClick={() => actions.removeMany(checked, tree).then((ok) => ok && setChecked([]))}>
            {t('doc.deleteTicked', { 0: checked.length })}
          </Button>
        )}
      </Flex>
      <div ref={ref} className="doc-tree-body">
        {isLoading ? (
          <Skeleton active />
        ) : !treeData.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={deferred ? t('tree.noMatch') : t('doc.none')} />
        ) : (
          <Tree<Node>
            blockNode
            virtual
            height={height}
            treeData={treeData}
            checkable={checkable}
            checkedKeys={checked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked) as string[])}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys as string[])}
            selectedKeys={selectedId ? [selectedId] : []}
            draggable={canWrite && !deferred ? { icon: false } : false}
            onDrop={async (info) => {
              const drag = info.dragNode.raw;
              const target = info.node.raw;
              // Dropped on a folder's title: first in that folder. Into a gap: before or after the target.
              const intoFolder = !info.dropToGap && !!target.isFolder;
              if (!intoFolder && !info.dropToGap) return;
              const parentId = intoFolder ? target.id : target.parentId || '';
              const siblings = (intoFolder ? [] : parentId ? (findNode(tree, parentId)?.children ?? []) : tree).filter(
                (n) => n.id !== drag.id,
              );
              const before = info.dropPosition - Number(info.node.pos.split('-').pop()) === -1;
              const at = siblings.findIndex((n) => n.id === target.id);
              const position = intoFolder ? 0 : before ? Math.max(0, at) : at + 1;
              try {
                await moveDoc.mutateAsync({ id: drag.id, parentId, position });
              } catch (e) {
                showError(e);
              }
            }}
            onSelect={(_k, info) => {
              const n = info.node.raw;
              if (n.isFolder) setExpanded((e) => (e.includes(n.id) ? e.filter((x) => x !== n.id) : [...e, n.id]));
              else onSelect(n);
            }}
            titleRender={(n) => (
              <div className="tree-row">
                <DocTreeTitle node={n.raw} labelMode={labelMode} />
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: nodeMenuItems(t, n.raw, canWrite),
                    onClick: ({ key, domEvent }) => {
                      domEvent.stopPropagation();
                      runNodeAction(key, n.raw, { navigate, moduleId, tree, actions, onExport });
                    },
                  }}
                >
                  <Button
                    size="small"
                    type="text"
                    className="tree-more"
                    icon={<MoreOutlined />}
                    onClick={(e) => e.stopPropagation()}
                    aria-label={t('common.more')}
                  />
                </Dropdown>
              </div>
            )}
          />
        )}
      </div>
      {actions.dialogs}
    </Flex>
  );
}

/** Editor path of a doc by its kind. */
export function editPathOf(moduleId: string, n: { id: string; docType?: number; type?: number }): string {
  const kind = n.docType ?? n.type;
  return kind === DocType.CUSTOM || kind === DocType.MARKDOWN ? `/doc/edit_custom/${moduleId}/${n.id}` : `/doc/edit/${moduleId}/${n.id}`;
}

/**
 * The reading tree: virtualized (10,000 docs stay fast), icons per kind, HTTP method tags in the spec's
 * colours, interface counts in brackets on non-doc nodes, deprecated docs struck through. Filtering keeps
 * matching nodes and the folders leading to them, expanded.
 */
import { ApiOutlined, AppstoreOutlined, FileMarkdownOutlined, FileTextOutlined, FolderOutlined, ProjectOutlined } from '@ant-design/icons';
import { DocType, FolderType, isDeprecated, METHOD_TAG_COLORS, type TreeNode } from '@folio/shared';
import { Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ancestorIds, branchKeys, filterTree } from '../../lib/tree-filter';

function icon(n: TreeNode) {
  if (n.type === FolderType.PROJECT) return <ProjectOutlined />;
  if (n.type === FolderType.MODULE) return <AppstoreOutlined />;
  if (n.isFolder) return <FolderOutlined />;
  if (n.docType === DocType.MARKDOWN || n.docType === DocType.CUSTOM) return <FileMarkdownOutlined />;
  if (n.docType === DocType.DUBBO) return <ApiOutlined />;
  return <FileTextOutlined />;
}

/** One row: icon, method tag, label, count. */
export function TreeTitle({ node }: { node: TreeNode }) {
  const deprecated = !node.isFolder && isDeprecated(node.deprecated);
  const method = !node.isFolder && node.docType === DocType.HTTP && node.httpMethod ? node.httpMethod.toUpperCase() : '';
  return (
    <span
      className={`vt-title${deprecated ? ' vt-deprecated' : ''}`}
      title={node.url ? `${node.label}\n${node.url}` : node.label}
      data-testid="tree-node"
    >
      <span className="vt-icon">{icon(node)}</span>
      {method && (
        <Tag color={METHOD_TAG_COLORS[method] ?? 'default'} className="vt-method" data-testid="method-tag">
          {method}
        </Tag>
      )}
      <span className="vt-label">{node.label || node.name}</span>
      {!!node.isFolder && <span className="vt-count">({node.apiCount ?? 0})</span>}
    </span>
  );
}

export interface DocTreeProps {
  nodes: TreeNode[];
  filter: string;
  /** Expand-all trigger (remembered by the caller). */
  expandAll: boolean;
  /** Changes when the user presses expand/collapse all, so a repeated press re-applies. */
  expandSignal: number;
  selectedDocId?: string;
  onSelect: (node: TreeNode) => void;
}

export function DocTree({ nodes, filter, expandAll, expandSignal, selectedDocId, onSelect }: DocTreeProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(400);
  const shown = useMemo(() => filterTree(nodes, filter), [nodes, filter]);
  const allKeys = useMemo(() => branchKeys(shown), [shown]);
  const [expanded, setExpanded] = useState<string[]>([]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(Math.max(100, el.clientHeight)));
    ro.observe(el);
    setHeight(Math.max(100, el.clientHeight));
    return () => ro.disconnect();
  }, []);

  // Expand all / collapse all, and everything while filtering.
  // biome-ignore lint/correctness/useExhaustiveDependencies: expandSignal re-applies the choice
  useEffect(() => {
    if (filter.trim()) setExpanded(allKeys);
    else if (expandAll) setExpanded(allKeys);
    else setExpanded(selectedDocId ? ancestorIds(nodes, selectedDocId) : []);
  }, [allKeys, expandAll, expandSignal, filter]);

  // Reveal the current doc (deep link) without collapsing what is open.
  useEffect(() => {
    if (!selectedDocId) return;
    const path = ancestorIds(nodes, selectedDocId);
    if (path.length) setExpanded((e) => [...new Set([...e, ...path])]);
  }, [nodes, selectedDocId]);

  if (!shown.length) {
    return (
      <div ref={box} className="vt-box">
        <div className="doc-empty">{t('view.noDocs')}</div>
      </div>
    );
  }
  return (
    <div ref={box} className="vt-box" data-testid="doc-tree">
      <Tree
        virtual
        height={height}
        blockNode
        showLine={false}
        treeData={shown as unknown as DataNode[]}
        fieldNames={{ key: 'id', title: 'label', children: 'children' }}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys as string[])}
        selectedKeys={selectedDocId ? [selectedDocId] : []}
        titleRender={(n) => <TreeTitle node={n as unknown as TreeNode} />}
        onSelect={(_keys, info) => {
          const n = info.node as unknown as TreeNode;
          if (n.isFolder) {
            setExpanded((e) => (e.includes(n.id) ? e.filter((k) => k !== n.id) : [...e, n.id]));
            return;
          }
          onSelect(n);
        }}
      />
    </div>
  );
}

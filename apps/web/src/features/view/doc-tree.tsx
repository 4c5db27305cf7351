/**
 * The reading tree, virtualized by hand (only the rows in view are in the DOM, so 10,000 docs stay fast
 * and /view ships no tree library): icons per kind, HTTP method tags in the spec's colours, interface
 * counts in brackets on non-doc nodes, deprecated docs struck through. Filtering keeps matching nodes and
 * the folders leading to them, expanded.
 */
import {
  ApiOutlined,
  AppstoreOutlined,
  CaretDownOutlined,
  CaretRightOutlined,
  FileMarkdownOutlined,
  FileTextOutlined,
  FolderOutlined,
  ProjectOutlined,
} from '@ant-design/icons';
import { DocType, FolderType, isDeprecated, TREE_INDENT, type TreeNode } from '@folio/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ancestorIds, branchKeys, filterTree } from '../../lib/tree-filter';
import { MethodTag, WebhookTag } from '../doc-view/method-tag';
import { docCount, readerLabel, splitMatch } from './tree-label';

const ROW = 28;
const OVERSCAN = 8;

function icon(n: TreeNode) {
  if (n.type === FolderType.PROJECT) return <ProjectOutlined />;
  if (n.type === FolderType.MODULE) return <AppstoreOutlined />;
  if (n.isFolder) return <FolderOutlined />;
  if (n.docType === DocType.MARKDOWN || n.docType === DocType.CUSTOM) return <FileMarkdownOutlined />;
  if (n.docType === DocType.DUBBO) return <ApiOutlined />;
  return <FileTextOutlined />;
}

/** One row: icon, method tag, label (the match highlighted), count (matches of all while filtering). */
export function TreeTitle({ node, filter = '' }: { node: TreeNode; filter?: string }) {
  const { t } = useTranslation();
  const deprecated = !node.isFolder && isDeprecated(node.deprecated);
  const method = !node.isFolder && node.docType === DocType.HTTP && node.httpMethod ? node.httpMethod : '';
  const label = readerLabel(node);
  const name = node.label || node.name;
  const where = node.webhook ? `Webhook ${node.webhook} · ${method}` : node.url;
  const hover = [name, where && where !== name ? where : ''].filter(Boolean).join('\n');
  const parts = splitMatch(label, filter);
  const total = node.apiCount ?? 0;
  const shown = filter.trim() && node.isFolder ? docCount(node) : total;
  return (
    <span className={`vt-title${deprecated ? ' vt-deprecated' : ''}`} title={hover} data-testid="tree-node">
      <span className="vt-icon">{icon(node)}</span>
      {method &&
        (node.webhook ? <WebhookTag method={method} className="vt-method" /> : <MethodTag method={method} className="vt-method" />)}
      <span className="vt-label">
        {parts ? (
          <>
            {parts[0]}
            <mark>{parts[1]}</mark>
            {parts[2]}
          </>
        ) : (
          label
        )}
      </span>
      {!!node.isFolder && (
        <span className="vt-count" data-testid="tree-count">
          {shown !== total ? `(${t('view.countOf', { 0: shown, 1: total })})` : `(${total})`}
        </span>
      )}
    </span>
  );
}

interface Row {
  node: TreeNode;
  depth: number;
  open: boolean;
  branch: boolean;
}

/** The visible rows: every root, and the children of open branches. */
function flatten(nodes: TreeNode[], open: Set<string>): Row[] {
  const out: Row[] = [];
  const walk = (list: TreeNode[], depth: number) => {
    for (const n of list) {
      const branch = !!n.children?.length;
      const isOpen = branch && open.has(n.id);
      out.push({ node: n, depth, open: isOpen, branch });
      if (isOpen) walk(n.children, depth + 1);
    }
  };
  walk(nodes, 0);
  return out;
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
  const [scrollTop, setScrollTop] = useState(0);
  const shown = useMemo(() => filterTree(nodes, filter), [nodes, filter]);
  const allKeys = useMemo(() => branchKeys(shown), [shown]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const rows = useMemo(() => flatten(shown, expanded), [shown, expanded]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(Math.max(ROW, el.clientHeight)));
    ro.observe(el);
    setHeight(Math.max(ROW, el.clientHeight));
    return () => ro.disconnect();
  }, []);

  // Expand all / collapse all, and everything while filtering.
  // biome-ignore lint/correctness/useExhaustiveDependencies: expandSignal re-applies the choice
  useEffect(() => {
    if (filter.trim() || expandAll) setExpanded(new Set(allKeys));
    else setExpanded(new Set(selectedDocId ? ancestorIds(nodes, selectedDocId) : []));
  }, [allKeys, expandAll, expandSignal, filter]);

  // Reveal the current doc (deep link) without collapsing what is open, and scroll it into view once.
  const revealed = useRef('');
  useEffect(() => {
    if (!selectedDocId) return;
    const path = ancestorIds(nodes, selectedDocId);
    if (path.length) setExpanded((e) => (path.every((k) => e.has(k)) ? e : new Set([...e, ...path])));
  }, [nodes, selectedDocId]);
  useEffect(() => {
    if (!selectedDocId || revealed.current === selectedDocId || !box.current) return;
    const i = rows.findIndex((r) => r.node.id === selectedDocId);
    if (i < 0) return;
    revealed.current = selectedDocId;
    const top = i * ROW;
    const el = box.current;
    if (top < el.scrollTop || top + ROW > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 2);
  }, [rows, selectedDocId]);

  // Keyboard: the tree is one tab stop; arrows move the active row, Enter/Space open it, right/left expand/collapse.
  const [active, setActive] = useState(-1);
  const scrollToRow = (i: number) => {
    const el = box.current;
    if (!el) return;
    if (i * ROW < el.scrollTop) el.scrollTop = i * ROW;
    else if ((i + 1) * ROW > el.scrollTop + el.clientHeight) el.scrollTop = (i + 1) * ROW - el.clientHeight;
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!rows.length) return;
    const cur =
      active >= 0 && active < rows.length
        ? active
        : Math.max(
            0,
            rows.findIndex((r) => r.node.id === selectedDocId),
          );
    let next = cur;
    const r = rows[cur];
    if (e.key === 'ArrowDown') next = Math.min(rows.length - 1, cur + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, cur - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = rows.length - 1;
    else if (e.key === 'ArrowRight' && r.branch && !r.open) toggle(r.node.id);
    else if (e.key === 'ArrowLeft' && r.branch && r.open) toggle(r.node.id);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (r.node.isFolder) toggle(r.node.id);
      else onSelect(r.node);
    } else return;
    e.preventDefault();
    setActive(next);
    scrollToRow(next);
  };

  const toggle = (id: string) =>
    setExpanded((e) => {
      const n = new Set(e);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  if (!shown.length) {
    return (
      <div ref={box} className="vt-box">
        <div className="doc-empty">{t('view.noDocs')}</div>
      </div>
    );
  }
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  return (
    <div
      ref={box}
      className="vt-box vt-scroll"
      role="tree"
      tabIndex={0}
      aria-activedescendant={active >= 0 && rows[active] ? `vt-${rows[active].node.id}` : undefined}
      data-testid="doc-tree"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: rows.length * ROW, position: 'relative' }}>
        {rows.slice(first, last).map((r, k) => {
          const n = r.node;
          const selected = !n.isFolder && n.id === selectedDocId;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the tree (aria-activedescendant)
            <div
              key={n.id}
              id={`vt-${n.id}`}
              tabIndex={-1}
              role="treeitem"
              aria-level={r.depth + 1}
              aria-expanded={r.branch ? r.open : undefined}
              aria-selected={selected}
              className={`vt-row${selected ? ' is-selected' : ''}${first + k === active ? ' is-active' : ''}`}
              style={{ top: (first + k) * ROW, height: ROW, paddingLeft: 4 + r.depth * (TREE_INDENT + 8) }}
              onClick={() => {
                setActive(first + k);
                if (n.isFolder) toggle(n.id);
                else onSelect(n);
              }}
            >
              <span className="vt-caret">{r.branch ? r.open ? <CaretDownOutlined /> : <CaretRightOutlined /> : null}</span>
              <TreeTitle node={n} filter={filter} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

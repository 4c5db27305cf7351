/**
 * The reading layout shared by preview (/view), shares (/share) and compose views (/show): a top bar, a
 * resizable sidebar (default 300 px, 50–800 px, remembered; closed below 1000 px wide, overlaying below
 * 992 px) with the filter box, expand/collapse all (remembered) and the virtualized tree, and the tab bar of
 * visited docs (reader-tabs.tsx).
 */
import { MenuFoldOutlined, MenuUnfoldOutlined, NodeCollapseOutlined, NodeExpandOutlined } from '@ant-design/icons';
import {
  MOBILE_BREAKPOINT,
  PREVIEW_COLLAPSE_WIDTH,
  SIDEBAR_DEFAULT_WIDTH,
  SIDEBAR_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
  type TreeNode,
} from '@folio/shared';
import { Button, Spin } from 'antd';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readLocal, writeLocal } from '../../lib/storage';
import { findNode } from '../../lib/tree-filter';
import { DocTree } from './doc-tree';
import { ReaderTabs } from './reader-tabs';
import './view.css';

const WIDTH_KEY = 'folio.view.sidebarWidth';
const EXPAND_KEY = 'folio.view.expandAll';

function useWindowWidth(): number {
  const [w, setW] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

export interface ReaderLayoutProps {
  brand: ReactNode;
  actions?: ReactNode;
  sidebarTop?: ReactNode;
  nodes: TreeNode[];
  treeLoading?: boolean;
  /** '/view', '/share/{id}' or '/show/{id}': where "close all" returns and doc paths start. */
  basePath: string;
  docId?: string;
  /** Title of the current doc when the tree does not hold it (e.g. extra pages). */
  currentTitle?: string;
  children: ReactNode;
}

/** The layout around what is read (`children`: the doc or page shown). */
export function ReaderLayout({
  brand,
  actions,
  sidebarTop,
  nodes,
  treeLoading,
  basePath,
  docId,
  currentTitle,
  children,
}: ReaderLayoutProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const width = useWindowWidth();
  const narrow = width < PREVIEW_COLLAPSE_WIDTH;
  const mobile = width < MOBILE_BREAKPOINT;
  const [open, setOpen] = useState(!narrow);
  useEffect(() => setOpen(!narrow), [narrow]);
  const [sideWidth, setSideWidth] = useState(() => {
    const v = readLocal<number>(WIDTH_KEY, SIDEBAR_DEFAULT_WIDTH);
    return Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, Number(v) || SIDEBAR_DEFAULT_WIDTH));
  });
  const [filterText, setFilterText] = useState('');
  const filter = useDeferredValue(filterText);
  const [expandAll, setExpandAll] = useState(() => readLocal<boolean>(EXPAND_KEY, false));
  const [expandSignal, setExpandSignal] = useState(0);
  const current = useMemo(() => (docId ? findNode(nodes, docId) : undefined), [nodes, docId]);
  const title = current?.label || current?.name || currentTitle || '';

  const startResize = (e: React.MouseEvent) => {
    e.preventDefault();
    const x0 = e.clientX;
    const w0 = sideWidth;
    let last = w0;
    const move = (ev: MouseEvent) => {
      last = Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, w0 + ev.clientX - x0));
      setSideWidth(last);
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      writeLocal(WIDTH_KEY, last);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  const setExpand = (v: boolean) => {
    setExpandAll(v);
    writeLocal(EXPAND_KEY, v);
    setExpandSignal((s) => s + 1);
  };

  const sidebar = (
    <aside className={`reader-sider${mobile ? ' is-overlay' : ''}`} style={{ width: sideWidth }} data-testid="reader-sidebar">
      {sidebarTop && <div className="reader-sider-top">{sidebarTop}</div>}
      <div className="reader-filter">
        <input
          className="filter-input"
          type="search"
          placeholder={t('view.filter')}
          value={filterText}
          onChange={(e) => setFilterText(e.target.value)}
          data-testid="tree-filter"
        />
        <Button
          size="small"
          type={expandAll ? 'primary' : 'default'}
          icon={<NodeExpandOutlined />}
          onClick={() => setExpand(true)}
          title={t('view.expandAll')}
          aria-label={t('view.expandAll')}
        />
        <Button
          size="small"
          type={!expandAll ? 'primary' : 'default'}
          icon={<NodeCollapseOutlined />}
          onClick={() => setExpand(false)}
          title={t('view.collapseAll')}
          aria-label={t('view.collapseAll')}
        />
      </div>
      {treeLoading ? (
        <Spin style={{ margin: 24 }} />
      ) : (
        <DocTree
          nodes={nodes}
          filter={filter}
          expandAll={expandAll}
          expandSignal={expandSignal}
          selectedDocId={docId}
          onSelect={(n) => {
            navigate(`${basePath}/${n.docId || n.id}`);
            if (mobile) setOpen(false);
          }}
        />
      )}
      {!mobile && <hr className="reader-resize" onMouseDown={startResize} aria-orientation="vertical" />}
    </aside>
  );

  return (
    <div className={`reader${mobile ? ' is-mobile' : ''}`} data-testid="reader-layout">
      <header className="reader-top">
        <Button
          type="text"
          icon={open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={() => setOpen((o) => !o)}
          aria-label={t('view.toggleSidebar')}
          data-testid="toggle-sidebar"
        />
        <div className="reader-brand">{brand}</div>
        <div className="reader-actions">{actions}</div>
      </header>
      <div className="reader-body">
        {open && sidebar}
        {open && mobile && <div className="reader-mask" onClick={() => setOpen(false)} aria-hidden />}
        <main className="reader-main">
          <ReaderTabs basePath={basePath} docId={docId} title={title} />
          <div className="reader-content">{children}</div>
        </main>
      </div>
    </div>
  );
}

/**
 * The reading layout shared by preview (/view), shares (/share) and compose views (/show): a top bar, a
 * resizable sidebar (default 300 px, 50–800 px, remembered; closed below 1000 px wide, overlaying below
 * 992 px) with the filter box, expand/collapse all (remembered) and the virtualized tree, and a tab bar of
 * visited docs (context menu close others/left/right/all, drag to reorder).
 */
import { CloseOutlined, MenuFoldOutlined, MenuUnfoldOutlined, NodeCollapseOutlined, NodeExpandOutlined } from '@ant-design/icons';
import {
  MOBILE_BREAKPOINT,
  PREVIEW_COLLAPSE_WIDTH,
  SIDEBAR_DEFAULT_WIDTH,
  SIDEBAR_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
  type TreeNode,
} from '@folio/shared';
import { Button, Spin } from 'antd';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { readLocal, writeLocal } from '../../lib/storage';
import { findNode } from '../../lib/tree-filter';
import { DocTree } from './doc-tree';
import { addTab, type DocTab, moveTab, nextActive, removeLeft, removeOthers, removeRight, removeTab } from './tabs-model';
import './view.css';

const WIDTH_KEY = 'folio.view.sidebarWidth';
const EXPAND_KEY = 'folio.view.expandAll';
/** Tabs are kept per reading area (preview, one share, one compose view) for the browser tab's session. */
const tabsKey = (basePath: string) => `folio.view.tabs:${basePath}`;

function useWindowWidth(): number {
  const [w, setW] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

function readTabs(basePath: string): DocTab[] {
  try {
    return JSON.parse(sessionStorage.getItem(tabsKey(basePath)) ?? '[]') as DocTab[];
  } catch {
    return [];
  }
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
  const { pathname } = useLocation();
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
  const [tabs, setTabs] = useState<DocTab[]>(() => readTabs(basePath));
  const dragFrom = useRef<number | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; path: string } | null>(null);
  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    window.addEventListener('click', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('keydown', close);
    };
  }, [menu]);

  const persistTabs = useCallback(
    (next: DocTab[]) => {
      try {
        sessionStorage.setItem(tabsKey(basePath), JSON.stringify(next));
      } catch {
        /* storage disabled */
      }
    },
    [basePath],
  );
  const saveTabs = useCallback(
    (next: DocTab[]) => {
      setTabs(next);
      persistTabs(next);
    },
    [persistTabs],
  );

  const current = useMemo(() => (docId ? findNode(nodes, docId) : undefined), [nodes, docId]);
  const title = current?.label || current?.name || currentTitle || '';

  // Record the visited doc as a tab (only /view, /share, /show paths are recorded).
  useEffect(() => {
    if (!docId || !title) return;
    setTabs((prev) => {
      const next = addTab(prev, { path: pathname, title });
      if (next !== prev) persistTabs(next);
      return next;
    });
  }, [docId, pathname, title, persistTabs]);

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

  const apply = (next: DocTab[]) => {
    const before = tabs;
    saveTabs(next);
    const to = nextActive(before, next, pathname);
    if (to === null) navigate(basePath);
    else if (to !== pathname) navigate(to);
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
          {tabs.length > 0 && (
            <nav className="reader-tabs" data-testid="doc-tabs">
              {tabs.map((tab, i) => (
                <div
                  key={tab.path}
                  className={`reader-tab${tab.path === pathname ? ' active' : ''}`}
                  draggable
                  data-testid="doc-tab"
                  onDragStart={() => {
                    dragFrom.current = i;
                  }}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => {
                    if (dragFrom.current !== null) saveTabs(moveTab(tabs, dragFrom.current, i));
                    dragFrom.current = null;
                  }}
                  onClick={() => tab.path !== pathname && navigate(tab.path)}
                  onContextMenu={(e) => {
                    e.preventDefault();
                    setMenu({ x: e.clientX, y: e.clientY, path: tab.path });
                  }}
                  onKeyDown={(e) => e.key === 'Enter' && navigate(tab.path)}
                  role="tab"
                  tabIndex={0}
                  aria-selected={tab.path === pathname}
                >
                  <span className="reader-tab-title">{tab.title}</span>
                  {tabs.length > 1 && (
                    <CloseOutlined
                      className="reader-tab-close"
                      data-testid="doc-tab-close"
                      onClick={(e) => {
                        e.stopPropagation();
                        apply(removeTab(tabs, tab.path));
                      }}
                    />
                  )}
                </div>
              ))}
            </nav>
          )}
          <div className="reader-content">{children}</div>
          {menu && (
            <div className="ctx-menu" style={{ left: menu.x, top: menu.y }} role="menu" data-testid="tab-menu">
              {(
                [
                  ['others', t('view.tabs.closeOthers'), () => removeOthers(tabs, menu.path)],
                  ['left', t('view.tabs.closeLeft'), () => removeLeft(tabs, menu.path)],
                  ['right', t('view.tabs.closeRight'), () => removeRight(tabs, menu.path)],
                  ['all', t('view.tabs.closeAll'), () => []],
                ] as const
              ).map(([key, label, fn]) => (
                <button
                  key={key}
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    setMenu(null);
                    apply(fn());
                  }}
                >
                  {label}
                </button>
              ))}
            </div>
          )}
        </main>
      </div>
    </div>
  );
}

/**
 * The tab bar of visited docs of a reading area (preview, one share, one compose view), kept for the browser
 * tab's session: a doc opened becomes a tab, a tab closes (the next one opens, or the area's start page when none
 * is left), its context menu closes others/left/right/all, and tabs are dragged to reorder.
 */
import { CloseOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { addTab, type DocTab, moveTab, nextActive, removeLeft, removeOthers, removeRight, removeTab } from './tabs-model';

const tabsKey = (basePath: string) => `folio.view.tabs:${basePath}`;

function readTabs(basePath: string): DocTab[] {
  try {
    return JSON.parse(sessionStorage.getItem(tabsKey(basePath)) ?? '[]') as DocTab[];
  } catch {
    return [];
  }
}

/**
 * The tabs of the area at `basePath` ('/view', '/share/{id}', '/show/{id}'); the doc shown (`docId`, titled `title`
 * once known) is added as a tab.
 */
export function ReaderTabs({ basePath, docId, title }: { basePath: string; docId?: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
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
  const saveTabs = (next: DocTab[]) => {
    setTabs(next);
    persistTabs(next);
  };

  // Record the visited doc as a tab (only /view, /share, /show paths are recorded).
  useEffect(() => {
    if (!docId || !title) return;
    setTabs((prev) => {
      const next = addTab(prev, { path: pathname, title });
      if (next !== prev) persistTabs(next);
      return next;
    });
  }, [docId, pathname, title, persistTabs]);

  /** Keeps the tabs left by a close, and opens the doc to show next (the area's start page when none is left). */
  const apply = (next: DocTab[]) => {
    const before = tabs;
    saveTabs(next);
    const to = nextActive(before, next, pathname);
    if (to === null) navigate(basePath);
    else if (to !== pathname) navigate(to);
  };

  if (!tabs.length) return null;
  return (
    <>
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
    </>
  );
}

/**
 * The top-bar search button of every layout; it also opens on Ctrl/⌘-K anywhere on the page. The dialog (antd
 * Modal, Input, Select…) is its own chunk, loaded when first opened: the reading pages' first doc does not wait
 * for it (issue 21's budget for /view and /share).
 */
import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchSource } from './search-dialog';
import './search.css';

export type { SearchSource } from './search-dialog';

const SearchDialog = lazy(() => import('./search-dialog').then((m) => ({ default: m.SearchDialog })));

/** The search button; the dialog mounts on the first open and stays mounted (closed) after. */
export function SearchBox({ source, compact }: { source: SearchSource; compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setUsed(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, []);
  return (
    <>
      <Button className="search-button" icon={<SearchOutlined />} onClick={show} data-testid="search-button">
        {!compact && (
          <>
            <span className="search-button-label">{t('search.button')}</span>
            <kbd>{t('search.shortcut')}</kbd>
          </>
        )}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <SearchDialog source={source} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

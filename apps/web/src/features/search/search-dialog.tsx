/**
 * Search (issue 23): the top-bar button (search-box.tsx) and Ctrl/⌘-K open this dialog, which searches as you
 * type. Hits are grouped by kind with their breadcrumb, method tag and highlighted snippet; ↑/↓ move, Enter opens
 * (a doc opens in preview as a tab), Esc closes. An empty box lists recently changed docs. In shares and compose
 * views the same dialog searches only what the share or compose project exposes.
 */
import { SearchOutlined } from '@ant-design/icons';
import type { SearchHit } from '@folio/shared';
import { Empty, Input, type InputRef, Modal, Spin, Typography } from 'antd';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SearchFilters, type SearchSource, useSearchQuery } from './api';
import { KINDS, SearchFilterBar } from './search-filters';
import { SearchHitRow } from './search-hit';
import './search.css';

export type { SearchSource } from './api';

/** The value, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Where a hit opens. */
function hitPath(source: SearchSource, h: SearchHit): string {
  if (source.kind === 'share') return `/share/${source.shareId}/${h.docId}`;
  if (source.kind === 'compose') return `/show/${source.showId}/${h.docId}`;
  if (h.kind === 'doc') return `/view/${h.docId}`;
  if (h.kind === 'space') return `/space/project/${h.spaceId}`;
  return `/project/doc/${h.projectId}`;
}

/** The search dialog; `open` and `onClose` come from the button or the shortcut. */
export function SearchDialog({ source, open, onClose }: { source: SearchSource; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<InputRef>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [q, setQ] = useState('');
  const [filters, setFiltersState] = useState<SearchFilters>({});
  const [active, setActive] = useState(0);
  const debounced = useDebounced(q.trim(), 150);
  const result = useSearchQuery(source, debounced, filters, open);
  const hits = result.data?.list ?? [];
  // Grouped by kind in a fixed order; the flat order is what the arrow keys walk.
  const groups = useMemo(
    () => KINDS.map((k) => ({ kind: k, hits: hits.filter((h) => h.kind === k) })).filter((g) => g.hits.length),
    [hits],
  );
  const flat = useMemo(() => groups.flatMap((g) => g.hits), [groups]);
  // The answer to what is typed now (not the previous one kept on screen while it loads).
  const answered = result.isPlaceholderData ? null : debounced;
  // New results start at their first hit: Enter never opens a hit of the list shown before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the answered query changes
  useEffect(() => {
    setActive(0);
  }, [answered]);

  useEffect(() => {
    if (open) setTimeout(() => input.current?.focus(), 50);
  }, [open]);

  const setFilters = (f: SearchFilters) => {
    setFiltersState(f);
    setActive(0);
  };
  const openHit = (h: SearchHit | undefined) => {
    if (!h) return;
    onClose();
    navigate(hitPath(source, h));
  };
  const scrollToActive = () => listRef.current?.querySelector('[data-active="true"]')?.scrollIntoView({ block: 'nearest' });
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(flat.length - 1, a + 1));
      requestAnimationFrame(scrollToActive);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
      requestAnimationFrame(scrollToActive);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      openHit(flat[active]);
    }
  };

  const total = result.data?.total ?? 0;
  let index = -1;
  return (
    <Modal open={open} onCancel={onClose} footer={null} closable={false} width={720} className="search-dialog" destroyOnHidden>
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        allowClear
        data-testid="search-input"
      />
      <SearchFilterBar source={source} filters={filters} setFilters={setFilters}>
        {debounced && result.data && (
          <Typography.Text type="secondary" className="search-total">
            {result.data.more ? t('search.totalMore', { 0: total }) : t('search.total', { 0: total })}
          </Typography.Text>
        )}
      </SearchFilterBar>
      <div className="search-results" ref={listRef} data-testid="search-results" data-query={answered ?? undefined}>
        {result.isLoading && <Spin className="search-spin" />}
        {!result.isLoading && !hits.length && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              debounced ? (
                <>
                  <div>{t('search.noResult', { 0: debounced })}</div>
                  {result.data?.suggestion && (
                    <div className="search-suggestion" data-testid="search-suggestion">
                      {t('search.didYouMean')}{' '}
                      <Typography.Link
                        onClick={() => {
                          setQ(result.data?.suggestion ?? '');
                          setActive(0);
                          input.current?.focus();
                        }}
                      >
                        {result.data.suggestion}
                      </Typography.Link>
                    </div>
                  )}
                  <Typography.Text type="secondary">{t('search.noResultHint')}</Typography.Text>
                </>
              ) : (
                t('view.pickDoc')
              )
            }
          />
        )}
        {!debounced && hits.length > 0 && <div className="search-group">{t('search.recent')}</div>}
        {groups.map((g) => (
          <Fragment key={g.kind}>
            {debounced && <div className="search-group">{t(`search.kind.${g.kind}`)}</div>}
            {g.hits.map((h) => {
              index += 1;
              const i = index;
              return (
                <SearchHitRow
                  key={`${h.kind}:${h.id}`}
                  hit={h}
                  active={i === active}
                  withSnippet={!!debounced}
                  onHover={() => setActive(i)}
                  onOpen={() => openHit(h)}
                />
              );
            })}
          </Fragment>
        ))}
      </div>
      <div className="search-keys">{t('search.keys')}</div>
    </Modal>
  );
}

/**
 * Search (issue 23): the top-bar button (search-box.tsx) and Ctrl/⌘-K open this dialog, which searches as you
 * type. Hits are grouped by kind with their breadcrumb, method tag and highlighted snippet; ↑/↓ move, Enter opens
 * (a doc opens in preview as a tab), Esc closes. An empty box lists recently changed docs. In shares and compose
 * views the same dialog searches only what the share or compose project exposes.
 */
import { SearchOutlined } from '@ant-design/icons';
import type { SearchHit, SearchKind, SearchResult } from '@folio/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, type InputRef, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { fetchModules } from '../application/api';
import { grantHeaders } from '../doc-view/grants';
import { fetchViewProjects } from '../project/project-api';
import { fetchSpaces } from '../space/space-api';
import './search.css';

/** Where a search runs: the signed-in user's spaces, one share, or one compose project. */
export type SearchSource =
  | { kind: 'user' }
  | { kind: 'share'; shareId: string; grant: string }
  | { kind: 'compose'; showId: string; grant: string };

const KINDS: SearchKind[] = ['doc', 'folder', 'dictionary', 'constant', 'application', 'project', 'space'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', DELETE: 'red', PATCH: 'purple' };
const STATUSES = [
  { value: 0, key: 'doc.statusTodo' },
  { value: 5, key: 'doc.statusDoing' },
  { value: 10, key: 'doc.statusDone' },
];

interface Filters {
  spaceId?: string;
  projectId?: string;
  moduleId?: string;
  kind?: SearchKind;
  method?: string;
  status?: number;
  deprecated?: number;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

function fetchSearch(source: SearchSource, q: string, f: Filters): Promise<SearchResult> {
  const query = { q, pageSize: 30, kind: f.kind, method: f.method, status: f.status, deprecated: f.deprecated };
  if (source.kind === 'share') return api.get('share/search', { ...query, id: source.shareId }, grantHeaders(source.grant));
  if (source.kind === 'compose') return api.get('compose/doc/search', { ...query, projectId: source.showId }, grantHeaders(source.grant));
  return api.get('search', { ...query, spaceId: f.spaceId, projectId: f.projectId, moduleId: f.moduleId });
}

/** Text with its matched ranges in <mark>. */
export function Highlight({ text, marks }: { text: string; marks: [number, number][] }) {
  if (!marks.length) return <>{text}</>;
  const out: ReactNode[] = [];
  let at = 0;
  for (const [a, b] of marks) {
    if (a > at) out.push(text.slice(at, a));
    out.push(<mark key={a}>{text.slice(a, b)}</mark>);
    at = b;
  }
  out.push(text.slice(at));
  return <>{out}</>;
}

/** Where a hit opens. */
function hitPath(source: SearchSource, h: SearchHit): string {
  if (source.kind === 'share') return `/share/${source.shareId}/${h.docId}`;
  if (source.kind === 'compose') return `/show/${source.showId}/${h.docId}`;
  if (h.kind === 'doc') return `/view/${h.docId}`;
  if (h.kind === 'space') return `/space/project/${h.spaceId}`;
  return `/project/doc/${h.projectId}`;
}

function UserFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const { t } = useTranslation();
  const spaces = useQuery({
    queryKey: ['search', 'spaces'],
    queryFn: fetchSpaces,
    staleTime: 60_000,
  });
  const projects = useQuery({
    queryKey: ['search', 'projects'],
    queryFn: fetchViewProjects,
    staleTime: 60_000,
  });
  const modules = useQuery({
    queryKey: ['search', 'modules', value.projectId],
    queryFn: () => fetchModules(value.projectId ?? ''),
    enabled: !!value.projectId,
    staleTime: 60_000,
  });
  return (
    <>
      <Select
        allowClear
        size="small"
        placeholder={t('search.filter.space')}
        style={{ width: 140 }}
        value={value.spaceId}
        options={(spaces.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        onChange={(spaceId) => onChange({ ...value, spaceId, projectId: undefined, moduleId: undefined })}
        data-testid="search-filter-space"
      />
      <Select
        allowClear
        size="small"
        placeholder={t('search.filter.project')}
        style={{ width: 160 }}
        value={value.projectId}
        options={(projects.data ?? [])
          .filter((p) => !value.spaceId || p.spaceId === value.spaceId)
          .map((p) => ({ value: p.id, label: p.name }))}
        onChange={(projectId) => onChange({ ...value, projectId, moduleId: undefined })}
        data-testid="search-filter-project"
      />
      <Select
        allowClear
        size="small"
        placeholder={t('search.filter.application')}
        style={{ width: 150 }}
        disabled={!value.projectId}
        value={value.moduleId}
        options={(modules.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
        onChange={(moduleId) => onChange({ ...value, moduleId })}
        data-testid="search-filter-application"
      />
    </>
  );
}

/** The search dialog; `open` and `onClose` come from the button or the shortcut. */
export function SearchDialog({ source, open, onClose }: { source: SearchSource; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<InputRef>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [q, setQ] = useState('');
  const [filters, setFiltersState] = useState<Filters>({});
  const [active, setActive] = useState(0);
  const debounced = useDebounced(q.trim(), 150);
  const result = useQuery({
    queryKey: ['search', source, debounced, filters],
    queryFn: () => fetchSearch(source, debounced, filters),
    enabled: open,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
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

  const setFilters = (f: Filters) => {
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
      <Space wrap size={6} className="search-filters">
        {source.kind === 'user' && <UserFilters value={filters} onChange={setFilters} />}
        {source.kind === 'user' && (
          <Select
            allowClear
            size="small"
            placeholder={t('search.filter.kind')}
            style={{ width: 150 }}
            value={filters.kind}
            options={KINDS.map((k) => ({ value: k, label: t(`search.kind.${k}`) }))}
            onChange={(kind) => setFilters({ ...filters, kind })}
          />
        )}
        <Select
          allowClear
          size="small"
          placeholder={t('search.filter.method')}
          style={{ width: 110 }}
          value={filters.method}
          options={METHODS.map((m) => ({ value: m, label: m }))}
          onChange={(method) => setFilters({ ...filters, method })}
        />
        <Select
          allowClear
          size="small"
          placeholder={t('search.filter.status')}
          style={{ width: 110 }}
          value={filters.status}
          options={STATUSES.map((s) => ({ value: s.value, label: t(s.key) }))}
          onChange={(status) => setFilters({ ...filters, status })}
          data-testid="search-filter-status"
        />
        <Select
          allowClear
          size="small"
          placeholder={t('search.filter.deprecated')}
          style={{ width: 150 }}
          value={filters.deprecated}
          options={[
            { value: 0, label: t('search.filter.current') },
            { value: 1, label: t('search.filter.deprecatedOnly') },
          ]}
          onChange={(deprecated) => setFilters({ ...filters, deprecated })}
          data-testid="search-filter-deprecated"
        />
        {debounced && result.data && (
          <Typography.Text type="secondary" className="search-total">
            {result.data.more ? t('search.totalMore', { 0: total }) : t('search.total', { 0: total })}
          </Typography.Text>
        )}
      </Space>
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
                <div
                  key={`${h.kind}:${h.id}`}
                  className="search-hit"
                  role="option"
                  aria-selected={i === active}
                  data-active={i === active}
                  data-testid="search-hit"
                  tabIndex={-1}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => openHit(h)}
                  onKeyDown={(e) => e.key === 'Enter' && openHit(h)}
                >
                  <div className="search-hit-title">
                    {h.method && h.webhook && (
                      <Tag color="purple" data-testid="webhook-tag" title={`Webhook · ${h.method}`}>
                        WEBHOOK
                      </Tag>
                    )}
                    {h.method && !h.webhook && <Tag color={METHOD_COLORS[h.method] ?? 'default'}>{h.method}</Tag>}
                    <span className="search-hit-name">
                      <Highlight text={h.name || h.path} marks={h.name ? h.nameMarks : h.pathMarks} />
                    </span>
                    {h.path && h.name && (
                      <span className="search-hit-path">
                        <Highlight text={h.path} marks={h.pathMarks} />
                      </span>
                    )}
                    {h.deprecated === 1 && <Tag>deprecated</Tag>}
                  </div>
                  {h.breadcrumb.length > 0 && <div className="search-hit-crumb">{h.breadcrumb.join(' › ')}</div>}
                  {h.snippet.text && debounced && (
                    <div className="search-hit-snippet">
                      <Highlight text={h.snippet.text} marks={h.snippet.marks} />
                    </div>
                  )}
                </div>
              );
            })}
          </Fragment>
        ))}
      </div>
      <div className="search-keys">{t('search.keys')}</div>
    </Modal>
  );
}

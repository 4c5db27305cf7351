/** The filter bar of the search dialog: scope (signed-in search only), kind, method, status, deprecated. */
import type { SearchKind } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchModules } from '../application/api';
import { fetchViewProjects } from '../project/project-api';
import { fetchSpaces } from '../space/space-api';
import type { SearchFilters, SearchSource } from './api';

/** Hit kinds, in the order the dialog groups them. */
export const KINDS: SearchKind[] = ['doc', 'folder', 'dictionary', 'constant', 'application', 'project', 'space'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const STATUSES = [
  { value: 0, key: 'doc.statusTodo' },
  { value: 5, key: 'doc.statusDoing' },
  { value: 10, key: 'doc.statusDone' },
];

/** Space, project and application filters of the signed-in user's search. */
function ScopeFilters({ value, onChange }: { value: SearchFilters; onChange: (f: SearchFilters) => void }) {
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

/** The filters of a search in its source; `children` follow them (the hit count). */
export function SearchFilterBar({
  source,
  filters,
  setFilters,
  children,
}: {
  source: SearchSource;
  filters: SearchFilters;
  setFilters: (f: SearchFilters) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap size={6} className="search-filters">
      {source.kind === 'user' && <ScopeFilters value={filters} onChange={setFilters} />}
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
      {children}
    </Space>
  );
}

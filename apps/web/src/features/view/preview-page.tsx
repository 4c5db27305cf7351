/**
 * Preview mode (/view, /view/{docId}): read-only reading of the docs a user may see. The tree switches
 * between project dimension (default) and space dimension; the choice and the selected project/space are
 * remembered. A deep-linked doc selects its own project (or space) first.
 */
import { EditOutlined } from '@ant-design/icons';
import { DEFAULT_DIMENSION, Dimension } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { readLocal, writeLocal } from '../../lib/storage';
import type { DocViewSource } from '../doc-view/doc-source';
import { DocView } from '../doc-view/doc-view';
import { fetchViewProjects } from '../project/project-api';
import { SearchBox } from '../search/search-box';
import { fetchSpaces } from '../space/space-api';
import { DIM_KEY, PROJECT_KEY, SPACE_KEY } from './deep-link';
import { LangPicker } from './lang-picker';
import { useLiveRevision } from './live';
import { ReaderLayout } from './reader-layout';
import { docLocationKey, fetchDocLocation, fetchViewRevision, fetchViewTree, viewTreeKey } from './view-api';

const USER_SEARCH = { kind: 'user' } as const;
const USER: DocViewSource = { kind: 'user' };

export function PreviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { docId } = useParams();
  const [dimension, setDimensionState] = useState<number>(() => readLocal(DIM_KEY, DEFAULT_DIMENSION));
  const [projectId, setProjectIdState] = useState<string>(() => readLocal(PROJECT_KEY, ''));
  const [spaceId, setSpaceIdState] = useState<string>(() => readLocal(SPACE_KEY, ''));
  const setDimension = (d: number) => {
    setDimensionState(d);
    writeLocal(DIM_KEY, d);
  };
  const setProjectId = (id: string) => {
    setProjectIdState(id);
    writeLocal(PROJECT_KEY, id);
  };
  const setSpaceId = (id: string) => {
    setSpaceIdState(id);
    writeLocal(SPACE_KEY, id);
  };

  const projects = useQuery({ queryKey: ['view', 'projects'], queryFn: fetchViewProjects });
  const spaces = useQuery({
    queryKey: ['view', 'spaces'],
    queryFn: fetchSpaces,
    enabled: dimension === Dimension.SPACE,
  });
  // Where a deep-linked doc lives.
  const located = useQuery({
    queryKey: docLocationKey(docId),
    enabled: !!docId,
    retry: false,
    meta: { silent: true },
    queryFn: () => fetchDocLocation(docId as string),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the located doc only
  useEffect(() => {
    if (!located.data) return;
    if (located.data.projectId !== projectId) setProjectId(located.data.projectId);
    if (located.data.spaceId !== spaceId) setSpaceId(located.data.spaceId);
  }, [located.data]);

  // Default to the first project/space when nothing valid is selected. A deep-linked doc decides instead (unless
  // it cannot be located): both answers may land in one render, and the default must not win that race.
  const docDecides = !!docId && !located.isError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults only
  useEffect(() => {
    const list = projects.data ?? [];
    if (list.length && !list.some((p) => p.id === projectId) && !docDecides) setProjectId(list[0].id);
  }, [projects.data, docDecides]);
  const spaceOptions = useMemo(() => (spaces.data ?? []).filter((s) => !s.isCompose), [spaces.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults only
  useEffect(() => {
    if (spaceOptions.length && !spaceOptions.some((s) => s.id === spaceId) && !docDecides) setSpaceId(spaceOptions[0].id);
  }, [spaceOptions, docDecides]);

  const bySpace = dimension === Dimension.SPACE;
  const tree = useQuery({
    queryKey: viewTreeKey(bySpace, bySpace ? spaceId : projectId),
    enabled: bySpace ? !!spaceId : !!projectId,
    queryFn: () => fetchViewTree(bySpace, bySpace ? spaceId : projectId),
    staleTime: 30_000,
  });

  // Live docs: the open tree and doc follow pushes, imports and other users' edits.
  const scopeId = bySpace ? spaceId : projectId;
  useLiveRevision({
    scope: ['view', bySpace ? 'space' : 'project', scopeId],
    enabled: !!scopeId,
    fetchRevision: () => fetchViewRevision(bySpace, scopeId),
    refresh: [
      ['view', 'tree'],
      ['viewDoc', 'user'],
    ],
  });

  const projectOptions = useMemo(() => {
    const groups = new Map<string, { label: string; options: { value: string; label: string }[] }>();
    for (const p of projects.data ?? []) {
      const g = groups.get(p.spaceId) ?? { label: p.spaceName, options: [] };
      g.options.push({ value: p.id, label: p.name });
      groups.set(p.spaceId, g);
    }
    return [...groups.values()];
  }, [projects.data]);

  const sidebarTop = (
    <>
      <div className="dim-switch" data-testid="dimension-switch">
        {[
          [Dimension.PROJECT, t('view.dimension.project')],
          [Dimension.SPACE, t('view.dimension.space')],
        ].map(([v, label]) => (
          <button
            key={v}
            type="button"
            aria-pressed={dimension === v}
            className={dimension === v ? 'active' : ''}
            onClick={() => setDimension(Number(v))}
          >
            {label}
          </button>
        ))}
      </div>
      {bySpace ? (
        <select
          className="native-select"
          aria-label={t('view.selectSpace')}
          value={spaceId}
          onChange={(e) => setSpaceId(e.target.value)}
          data-testid="space-select"
        >
          {!spaceId && <option value="">{t('view.selectSpace')}</option>}
          {spaceOptions.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      ) : (
        <select
          className="native-select"
          aria-label={t('view.selectProject')}
          value={projectId}
          onChange={(e) => setProjectId(e.target.value)}
          data-testid="project-select"
        >
          {!projectId && <option value="">{t('view.selectProject')}</option>}
          {projectOptions.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </>
  );

  const actions = (
    <>
      <SearchBox source={USER_SEARCH} compact />
      <Button
        size="small"
        type="primary"
        icon={<EditOutlined />}
        title={t('view.managementMode')}
        aria-label={t('view.managementMode')}
        onClick={() => navigate(projectId ? `/project/doc/${projectId}` : '/dashboard')}
        data-testid="management-mode"
      >
        <span className="reader-action-label">{t('view.managementMode')}</span>
      </Button>
      <LangPicker />
    </>
  );

  return (
    <ReaderLayout
      brand={
        <span data-testid="reader-brand" title={`Folio · ${t('view.browseMode')}`}>
          <span className="brand-mark">F</span> Folio<span className="reader-brand-more"> · {t('view.browseMode')}</span>
        </span>
      }
      actions={actions}
      sidebarTop={sidebarTop}
      nodes={tree.data ?? []}
      treeLoading={tree.isLoading}
      basePath="/view"
      docId={docId}
    >
      {docId ? <DocView key={docId} docId={docId} source={USER} /> : <div className="doc-empty">{t('view.pickDoc')}</div>}
    </ReaderLayout>
  );
}

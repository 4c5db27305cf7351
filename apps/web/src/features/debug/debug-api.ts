/** Queries and mutations of the debug console (`/api/debug/context`, debug scripts, props). */
import type { DocParam } from '@folio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { composeGrantOf, type DocViewSource, shareGrantOf } from '../doc-view/doc-source';
import { grantHeaders } from '../doc-view/grants';

export interface DebugScript {
  id: string;
  name: string;
  description: string;
  content: string;
  type: number;
  scope: number;
  refId: string;
  enabled: number;
}

export interface DebugEnvironment {
  id: string;
  name: string;
  url: string;
  isPublic: number;
  headers: DocParam[];
  params: DocParam[];
}

export interface DebugContext {
  moduleId: string;
  /** '' for share/compose viewers. */
  projectId: string;
  environments: DebugEnvironment[];
  gatewayUrl: string;
  commonHeaders: DocParam[];
  commonParams: DocParam[];
  scripts: DebugScript[];
  proxy: boolean | null;
  debugProps: Record<string, string>;
  asUser: boolean;
  canEditScripts: boolean;
  canEditMock: boolean;
}

/** The grant of a share/compose source ('' for a user). */
export function grantOfSource(source?: DocViewSource | { kind: string; grant?: string }): string {
  if (!source || source.kind === 'user') return '';
  if (source.kind === 'share') return shareGrantOf(source as Extract<DocViewSource, { kind: 'share' }>) ?? '';
  if (source.kind === 'compose') return composeGrantOf(source as Extract<DocViewSource, { kind: 'compose' }>) ?? '';
  return '';
}

export const debugContextKey = (docId: string) => ['debugContext', docId];

export function useDebugContext(docId: string, grant: string) {
  return useQuery({
    queryKey: [...debugContextKey(docId), grant],
    queryFn: () => api.get<DebugContext>('debug/context', { docId }, grant ? grantHeaders(grant) : undefined),
    retry: false,
  });
}

export function useSaveScript(docId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: Omit<DebugScript, 'id' | 'description'> & { id?: string }) => api.post<{ id: string }>('doc/debugscript/save', s),
    onSuccess: () => qc.invalidateQueries({ queryKey: debugContextKey(docId) }),
  });
}

export function useDeleteScript(docId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('doc/debugscript/delete', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: debugContextKey(docId) }),
  });
}

/** Remembers the proxy switch and the environment for the application (users only; viewers keep it locally). */
export function saveDebugProps(moduleId: string, body: { proxy?: boolean; props?: Record<string, string> }) {
  return api.post('debug/props/set', { moduleId, ...body }).catch(() => undefined);
}

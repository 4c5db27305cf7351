/** Queries and mutations of the debug console (`/api/debug/context`, debug scripts, props). */
import type { DebugContext, DebugPropsInput, DebugScript, DebugScriptSaveInput } from '@folio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { composeGrantOf, type DocViewSource, shareGrantOf } from '../doc-view/doc-source';
import { grantHeaders } from '../doc-view/grants';

/** The console's contracts: packages/shared/src/schemas/debug.ts. */
export type { DebugContext, DebugEnvironment, DebugScript } from '@folio/shared';

/** A script as the editor holds it (the body of doc/debugscript/save; type and scope as the editor's numbers). */
type ScriptDraft = Omit<DebugScriptSaveInput, 'type' | 'scope'> & Pick<DebugScript, 'type' | 'scope'>;

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
    mutationFn: (s: ScriptDraft) => api.post<{ id: string }>('doc/debugscript/save', s),
    onSuccess: () => qc.invalidateQueries({ queryKey: debugContextKey(docId) }),
  });
}

export function useDeleteScript(docId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<null>('doc/debugscript/delete', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: debugContextKey(docId) }),
  });
}

/** Remembers the proxy switch and the environment for the application (users only; viewers keep it locally). */
export function saveDebugProps(moduleId: string, body: Omit<DebugPropsInput, 'moduleId'>) {
  return api.post<null>('debug/props/set', { moduleId, ...body } satisfies DebugPropsInput).catch(() => undefined);
}

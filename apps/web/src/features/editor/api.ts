/**
 * Calls of the doc editor: the doc being edited (always read fresh: the form starts from the saved version),
 * the current version when a save meets a conflict, and the save itself (doc/save). The save is silent: the
 * editor shows a version conflict in its dialog and field errors on the form.
 */
import type { DocDetail } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { invalidateModule } from '../docs/docs-api';

/** A doc as the editor loads it (edit, copy, and the route that picks the HTTP or text editor). */
export const useEditedDocQuery = (id: string) =>
  useQuery({
    queryKey: ['doc', id],
    queryFn: () => api.get<DocDetail>('doc/detail', { id }),
    enabled: !!id,
    staleTime: 0,
  });

/** The version someone else saved, read when this editor's save was refused for it. */
export const useCurrentVersionQuery = (id: string, gmtModified: string) =>
  useQuery({
    queryKey: ['doc-conflict', id, gmtModified],
    queryFn: () => api.get<DocDetail>('doc/detail', { id }),
    staleTime: 0,
  });

/** A doc/save payload (formToPayload's, plus the version it was edited from). */
export type DocSavePayload = Record<string, unknown> & { baseModified?: string };

/** Saves a doc; on success every view of the application's docs is refreshed. Answers the doc's id. */
export const useSaveDocMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (body: DocSavePayload) => api.post<{ id: string }>('doc/save', body),
    onSuccess: async (r) => {
      invalidateModule(moduleId);
      await queryClient.invalidateQueries({ queryKey: ['doc', r.id] });
    },
    meta: { silent: true },
  });

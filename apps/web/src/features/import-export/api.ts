/**
 * Calls of imports, typed by the contracts in packages/shared/src/schemas/imports.ts. An import is a server
 * job: starting answers its id and the dialog polls its status (with back-off when the server is away), so
 * these are plain calls; only an application's stored source is a query.
 */
import type { ImportSource, ImportStatus } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { ImportStatus } from '@folio/shared';

/** Starts an import (multipart: a file, a URL or pasted content, into an application or a new one); answers the job. */
export const startImport = (form: FormData) => api.post<{ jobId: string }>('import', form);

/** Re-imports an application from the source it was last imported from; answers the job. */
export const refreshImport = (moduleId: string) => api.post<{ jobId: string }>('import/refresh', { moduleId });

/** Where an import job is. */
export const fetchImportStatus = (jobId: string) => api.get<ImportStatus>('import/status', { jobId });

/** What an application keeps of its last import's source (asked while the dialog is open). */
export const useImportSourceQuery = (moduleId: string | undefined, open: boolean) =>
  useQuery({
    queryKey: ['import-source', moduleId],
    enabled: open && !!moduleId,
    retry: false,
    queryFn: () => api.get<ImportSource>('import/source', { moduleId }),
  });

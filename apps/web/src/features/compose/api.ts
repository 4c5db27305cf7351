/**
 * Calls of compose projects: management (a composed space's projects, their picked docs and folders, common
 * params and extra pages) and the anonymous reads of a compose view, typed by the contracts in packages/shared/src/schemas/compose.ts. Each mutation
 * refreshes the list it changes. Mutations are silent: their callers (forms, confirmAction) show the error.
 */
import type {
  ComposeCommonParams,
  ComposeCreated,
  ComposeDocList,
  ComposeDocUpdateInput,
  ComposePage,
  ComposePageInput,
  ComposeParamsSaveInput,
  ComposePassword,
  ComposeProject,
  ComposeProjectInput,
  ShareGrant,
  TreeNode,
} from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { ComposePage, ComposeProject } from '@folio/shared';

const projectsKey = (spaceId?: string) => (spaceId ? ['compose', 'list', spaceId] : ['compose', 'list']);
const docsKey = (projectId: string) => ['composeDocs', projectId];
const paramsKey = (projectId: string) => ['composeParams', projectId];
const pagesKey = (projectId: string) => ['composePages', projectId];

/** A mutation that refreshes one query key on success. */
const useRefreshingMutation = <V, R>(key: unknown[], send: (v: V) => Promise<R>) =>
  useMutation({
    mutationFn: send,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: key });
    },
    meta: { silent: true },
  });

/** Compose projects of a composed space (silent: the page shows why it cannot list them). */
export const useComposeProjectsQuery = (spaceId: string) =>
  useQuery({
    queryKey: projectsKey(spaceId),
    queryFn: () => api.get<ComposeProject[]>('compose/project/list', { spaceId }),
    meta: { silent: true },
    retry: false,
  });

/** Creates a compose project in a space. */
export const useAddComposeProjectMutation = (spaceId: string) =>
  useRefreshingMutation(projectsKey(spaceId), (body: ComposeProjectInput) =>
    api.post<ComposeCreated>('compose/project/add', { ...body, spaceId }),
  );

/** Changes a compose project's settings. */
export const useUpdateComposeProjectMutation = () =>
  useRefreshingMutation(projectsKey(), (body: ComposeProjectInput & { id: string }) => api.post<null>('compose/project/update', body));

/** Enables or disables a compose project (its /show link). */
export const useComposeProjectEnabledMutation = (spaceId: string) =>
  useRefreshingMutation(projectsKey(spaceId), ({ id, on }: { id: string; on: boolean }) =>
    api.post<null>(on ? 'compose/project/enable' : 'compose/project/disable', { id }),
  );

/** Deletes a compose project. */
export const useDeleteComposeProjectMutation = (spaceId: string) =>
  useRefreshingMutation(projectsKey(spaceId), (id: string) => api.post<null>('compose/project/delete', { id }));

/** The password of an encrypted compose project (asked when copying it, never cached). */
export const fetchComposePassword = (id: string) => api.get<ComposePassword>('compose/project/password', { id });

/** The reading tree of a project, to pick docs from. */
export const useProjectDocTreeQuery = (projectId?: string) =>
  useQuery({
    queryKey: ['projectTree', projectId],
    queryFn: () => api.get<TreeNode[]>('doc/view/dataByProject', { projectId }),
    enabled: !!projectId,
  });

/** The picked docs and own folders of a compose project. */
export const useComposeDocsQuery = (projectId: string) =>
  useQuery({ queryKey: docsKey(projectId), queryFn: () => api.get<ComposeDocList>('compose/doc/list', { projectId }) });

/** Picks docs and folders into a compose project, under one of its folders ('' the root). */
export const useAddComposeDocsMutation = (projectId: string) =>
  useRefreshingMutation(docsKey(projectId), (v: { parentId: string; docIds: string[] }) =>
    api.post<{ added: number }>('compose/doc/add', { projectId, ...v }),
  );

/** Adds an own folder to a compose project. */
export const useAddComposeFolderMutation = (projectId: string) =>
  useRefreshingMutation(docsKey(projectId), (v: { parentId: string; name: string }) =>
    api.post<{ id: string }>('compose/doc/folder/add', { projectId, ...v }),
  );

/** Renames or reorders a picked row. */
export const useUpdateComposeDocMutation = (projectId: string) =>
  useRefreshingMutation(docsKey(projectId), (body: ComposeDocUpdateInput) => api.post<null>('compose/doc/update', body));

/** Removes a picked row (the doc itself stays where it lives). */
export const useDeleteComposeDocMutation = (projectId: string) =>
  useRefreshingMutation(docsKey(projectId), (id: string) => api.post<null>('compose/doc/delete', { id }));

/** A compose project's common params. */
export const useComposeParamsQuery = (projectId: string) =>
  useQuery({ queryKey: paramsKey(projectId), queryFn: () => api.get<ComposeCommonParams>('compose/project/params', { projectId }) });

/** Saves a compose project's common params (absent lists are kept). */
export const useSaveComposeParamsMutation = (projectId: string) =>
  useRefreshingMutation(paramsKey(projectId), (body: Omit<ComposeParamsSaveInput, 'projectId'>) =>
    api.post<null>('compose/project/params/save', { ...body, projectId }),
  );

/** A compose project's extra pages. */
export const useComposePagesQuery = (projectId: string) =>
  useQuery({ queryKey: pagesKey(projectId), queryFn: () => api.get<ComposePage[]>('compose/page/list', { projectId }) });

/** Adds an extra page (no id) or changes one. */
export const useSaveComposePageMutation = (projectId: string) =>
  useRefreshingMutation(pagesKey(projectId), ({ id, ...body }: ComposePageInput & { id?: string }) =>
    id ? api.post<null>('compose/page/update', { ...body, id }) : api.post<{ id: string }>('compose/page/add', { ...body, projectId }),
  );

/** Deletes an extra page. */
export const useDeleteComposePageMutation = (projectId: string) =>
  useRefreshingMutation(pagesKey(projectId), (id: string) => api.post<null>('compose/page/delete', { id }));

// ---------- the password check of /show/{publicId} (its reads are in show-api.ts) ----------

/** Checks an encrypted compose view's password (md5 of the trimmed text); returns the grant. */
export const checkComposePassword = (showId: string, passwordMd5: string) =>
  api.post<ShareGrant>('compose/project/checkPassword', { id: showId, password: passwordMd5 }, { silentSession: true });

/**
 * Calls of the applications feature (Torna's "module"): CRUD, push token, settings, debug environments and
 * common params, typed by the contracts in packages/shared/src/schemas/applications.ts. Mutations are
 * silent: their callers (forms, confirmAction) show the error.
 */
import type {
  CommonParamSaveInput,
  CommonParams,
  DocParam,
  EnvironmentAddInput,
  EnvironmentInfo,
  EnvironmentInput,
  ModuleAddInput,
  ModuleBrief,
  ModuleInfo,
  ModuleSettings,
  ModuleSettingsUpdateInput,
  ModuleToken,
} from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { EnvironmentInfo, ModuleInfo, ModuleSettings } from '@folio/shared';

const modulesKey = (projectId?: string) => (projectId ? ['modules', projectId] : ['modules']);
const envsKey = (moduleId?: string) => ['envs', moduleId];
const commonKey = (moduleId: string, style: number) => ['commonParam', moduleId, style];
const tokenKey = (moduleId: string) => ['moduleToken', moduleId];
const settingsKey = (moduleId: string) => ['moduleSetting', moduleId];

/** Applications of a project. */
export const fetchModules = (projectId: string) => api.get<ModuleInfo[]>('module/list', { projectId });

/** Applications of a project, as a query. */
export const useModulesQuery = (projectId?: string) =>
  useQuery({
    queryKey: modulesKey(projectId),
    queryFn: () => api.get<ModuleInfo[]>('module/list', { projectId }),
    enabled: !!projectId,
  });

/** One application. */
export const fetchModule = (moduleId: string) => api.get<ModuleInfo>('module/info', { moduleId });

/** One application, as a query. */
export const useModuleQuery = (moduleId?: string) =>
  useQuery({ queryKey: ['module', moduleId], queryFn: () => fetchModule(moduleId ?? ''), enabled: !!moduleId });

/** The application a doc belongs to. */
export const fetchModuleOfDoc = (docId: string) => api.get<ModuleBrief>('module/infoByDocId', { docId });

/** Adds an application to a project; answers its id. */
export const useAddModuleMutation = (projectId: string) =>
  useMutation({
    mutationFn: (name: string) => api.post<{ id: string }>('module/add', { projectId, name } satisfies ModuleAddInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesKey(projectId) }),
    meta: { silent: true },
  });

/** Renames an application. */
export const useRenameModuleMutation = () =>
  useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.post<null>('module/update', { id, name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesKey() }),
    meta: { silent: true },
  });

/** Moves an application to the trash; answers the trash item. */
export const useDeleteModuleMutation = () =>
  useMutation({
    mutationFn: (id: string) => api.post<{ trashId: string }>('module/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesKey() }),
    meta: { silent: true },
  });

/** An application's push token (for those who may manage it). */
export const useModuleTokenQuery = (moduleId: string, enabled: boolean) =>
  useQuery({ queryKey: tokenKey(moduleId), queryFn: () => api.get<ModuleToken>('module/token/get', { moduleId }), enabled });

/** Gives an application a new push token. */
export const useResetModuleTokenMutation = (moduleId: string) =>
  useMutation({
    mutationFn: () => api.post<ModuleToken>('module/token/reset', { moduleId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKey(moduleId) }),
    meta: { silent: true },
  });

/** An application's settings. */
export const useModuleSettingsQuery = (moduleId: string) =>
  useQuery({ queryKey: settingsKey(moduleId), queryFn: () => api.get<ModuleSettings>('module/setting/get', { moduleId }) });

/** Changes an application's settings (absent ones are kept). */
export const useSaveModuleSettingsMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (body: Omit<ModuleSettingsUpdateInput, 'moduleId'>) =>
      api.post<null>('module/setting/update', { ...body, moduleId } satisfies ModuleSettingsUpdateInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey(moduleId) }),
    meta: { silent: true },
  });

/** Debug environments of an application. */
export const fetchEnvironments = (moduleId: string) => api.get<EnvironmentInfo[]>('module/environment/list', { moduleId });

/** Debug environments of an application, as a query. */
export const useEnvironmentsQuery = (moduleId?: string) =>
  useQuery({ queryKey: envsKey(moduleId), queryFn: () => fetchEnvironments(moduleId ?? ''), enabled: !!moduleId });

/** Adds an environment (no id) or changes one. */
export const useSaveEnvironmentMutation = (moduleId: string) =>
  useMutation({
    mutationFn: ({ id, ...body }: EnvironmentInput & { id?: string }) =>
      id
        ? api.post<null>('module/environment/update', { ...body, id })
        : api.post<{ id: string }>('module/environment/add', { ...body, moduleId } satisfies EnvironmentAddInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: envsKey(moduleId) }),
    meta: { silent: true },
  });

/** Deletes an environment. */
export const useDeleteEnvironmentMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<null>('module/environment/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: envsKey(moduleId) }),
    meta: { silent: true },
  });

/** Every common list of an application. */
export const fetchCommonParams = (moduleId: string) => api.get<CommonParams>('module/commonParam/list', { moduleId });

/** One common list of an application (ParamStyle: headers, request params, returns, error codes). */
export const useCommonParamsQuery = (moduleId: string, style: number) =>
  useQuery({ queryKey: commonKey(moduleId, style), queryFn: () => api.get<DocParam[]>('module/commonParam/list', { moduleId, style }) });

/** Replaces one common list of an application. */
export const useSaveCommonParamsMutation = (moduleId: string, style: number) =>
  useMutation({
    mutationFn: (params: CommonParamSaveInput['params']) =>
      api.post<null>('module/commonParam/save', {
        moduleId,
        style: style as CommonParamSaveInput['style'],
        params,
      } satisfies CommonParamSaveInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commonKey(moduleId, style) }),
    meta: { silent: true },
  });

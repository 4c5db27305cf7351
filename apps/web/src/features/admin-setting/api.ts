/**
 * Calls of the system settings (super admins) and of MeterSphere (space account, application targets):
 * settings by definition, SMTP test, UI languages, the audit log and the Torna migration. Settings, languages and
 * the audit log are typed by packages/shared/src/schemas/admin.ts, MeterSphere and the Torna migration by
 * schemas/metersphere.ts and schemas/torna-migration.ts. Mutations are silent: their callers (forms, buttons)
 * show the error.
 */
import type {
  AuditPage,
  LanguageItem,
  MsAccountView,
  MsLogRow,
  MsNamed,
  MsNode,
  MsPushResult,
  MsTarget,
  SettingsPage,
  SettingsView,
  SsoTestResult,
  TornaReport,
  TornaSourceRequest,
  TornaStatus,
  TornaTableReport,
  TornaTestAnswer,
} from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

// ---------- settings ----------

export type { SettingDef, SettingsPage } from '@folio/shared';

const SETTINGS = ['admin', 'settings'];

/** Every system setting with its definition. */
export const useAdminSettingsQuery = () => useQuery({ queryKey: SETTINGS, queryFn: () => api.get<SettingsPage>('admin/setting/get') });

/**
 * Saves settings (empty secrets are kept; clearSecrets empties some). The answer updates the cached settings
 * in place; the view config and the sign-in methods, which settings change, are asked again.
 */
export const useSaveSettingsMutation = () =>
  useMutation({
    mutationFn: (body: { values: Record<string, string>; clearSecrets: string[] }) => api.post<SettingsView>('admin/setting/update', body),
    onSuccess: (r) => {
      queryClient.setQueryData<SettingsPage>(SETTINGS, (old) => old && { ...old, ...r });
      queryClient.invalidateQueries({ queryKey: ['viewConfig'] });
      queryClient.invalidateQueries({ queryKey: ['sso-methods'] });
    },
    meta: { silent: true },
  });

/** Sends a test mail with the SMTP settings in force. */
export const testSmtp = (to: string) => api.post<SsoTestResult>('admin/setting/smtp/test', { to });

// ---------- languages ----------

/** A UI language as the languages tab lists it (packages/shared/src/schemas/admin.ts). */
export type AdminLang = LanguageItem;

const LANGS = ['admin', 'langs'];
/** Refreshes the admin list and the language lists the selectors show. */
const refreshLangs = () => {
  queryClient.invalidateQueries({ queryKey: LANGS });
  queryClient.invalidateQueries({ queryKey: ['languages'] });
};

/** The UI languages. */
export const useAdminLangsQuery = () => useQuery({ queryKey: LANGS, queryFn: () => api.get<AdminLang[]>('admin/i18n/lang/list') });

/** One language's texts (for editing or download). */
export const fetchLangContent = (lang: string) =>
  api.get<{ lang: string; description: string; content: Record<string, string> }>('admin/i18n/get', { lang });

/** Adds or replaces a language (its texts as JSON). */
export const useSaveLangMutation = () =>
  useMutation({
    mutationFn: (body: { lang: string; description: string; content: string }) => api.post<null>('admin/i18n/save', body),
    onSuccess: refreshLangs,
    meta: { silent: true },
  });

/** Makes a language the default. */
export const useSetDefaultLangMutation = () =>
  useMutation({
    mutationFn: (lang: string) => api.post<null>('admin/i18n/setDefault', { lang }),
    onSuccess: refreshLangs,
    meta: { silent: true },
  });

/** Deletes a custom language. */
export const useDeleteLangMutation = () =>
  useMutation({
    mutationFn: (lang: string) => api.post<null>('admin/i18n/delete', { lang }),
    onSuccess: refreshLangs,
    meta: { silent: true },
  });

// ---------- audit log ----------

/** The event names the filter offers. */
export const useAuditActionsQuery = () =>
  useQuery({ queryKey: ['admin', 'audit-actions'], queryFn: () => api.get<string[]>('admin/audit/actions') });

/** A page of the audit log, filtered by actor and event. */
export const useAuditPageQuery = (q: { actor: string; action: string; pageIndex: number; pageSize: number }) =>
  useQuery({
    queryKey: ['admin', 'audit', q],
    queryFn: () =>
      api.get<AuditPage>('admin/audit/page', {
        pageIndex: q.pageIndex,
        pageSize: q.pageSize,
        actor: q.actor || undefined,
        action: q.action || undefined,
      }),
  });

// ---------- Torna migration ----------

/** Answer shapes of the Torna migration calls (packages/shared/src/schemas/torna-migration.ts). */
export type TableReport = TornaTableReport;
export type { TornaReport, TornaStatus, TornaTestAnswer } from '@folio/shared';
/** Where Torna's database is, with its password salt and timezone. */
export type TornaSource = TornaSourceRequest;

/** Connects to Torna's database and reads its version. */
export const testTorna = (v: Pick<TornaSource, 'from' | 'timezone'>) => api.post<TornaTestAnswer>('admin/tornaMigration/test', v);
/** Lists what a migration would move, writing nothing. */
export const dryRunTorna = (v: TornaSource) => api.post<TornaReport>('admin/tornaMigration/dryRun', v);
/** Starts the migration as a server job. */
export const startTorna = (v: TornaSource) => api.post<{ jobId: string }>('admin/tornaMigration/start', v);

/** A migration job's progress, asked every second until it ends. */
export const useTornaStatusQuery = (jobId: string) =>
  useQuery({
    queryKey: ['admin', 'torna', jobId],
    queryFn: () => api.get<TornaStatus>('admin/tornaMigration/status', { jobId }),
    enabled: !!jobId,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.state) ? false : 1000),
  });

// ---------- MeterSphere ----------

/** Answer shapes of the MeterSphere calls (packages/shared/src/schemas/metersphere.ts). */
export type { MsAccountView, MsLogRow, MsNode, MsTarget } from '@folio/shared';

const accountKey = (spaceId: string) => ['ms-account', spaceId];
const targetKey = (moduleId: string) => ['ms-target', moduleId];
const logKey = (moduleId: string) => ['ms-log', moduleId];

/** A space's MeterSphere account. */
export const useMsAccountQuery = (spaceId: string) =>
  useQuery({ queryKey: accountKey(spaceId), queryFn: () => api.get<MsAccountView>('space/metersphere/load', { spaceId }) });

/** Saves a space's MeterSphere account (an empty secret key keeps the stored one). */
export const useSaveMsAccountMutation = (spaceId: string) =>
  useMutation({
    mutationFn: (body: Record<string, string>) => api.post<null>('space/metersphere/save', { ...body, spaceId }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: accountKey(spaceId) });
    },
    meta: { silent: true },
  });

/** Tries a space's MeterSphere account. */
export const testMsAccount = (spaceId: string) => api.post<SsoTestResult>('space/metersphere/test', { spaceId });

/** The MeterSphere workspaces the account sees. */
export const fetchMsWorkspaces = (spaceId: string) => api.get<MsNamed[]>('space/metersphere/workspaces', { spaceId });

/** An application's MeterSphere target. */
export const useMsTargetQuery = (moduleId: string) =>
  useQuery({ queryKey: targetKey(moduleId), queryFn: () => api.get<MsTarget>('module/metersphere/load', { moduleId }) });

/** An application's deliveries to MeterSphere. */
export const useMsLogQuery = (moduleId: string) =>
  useQuery({ queryKey: logKey(moduleId), queryFn: () => api.get<MsLogRow[]>('module/metersphere/log', { moduleId }) });

/** The MeterSphere projects an application may target. */
export const useMsProjectsQuery = (moduleId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['ms-projects', moduleId],
    queryFn: () => api.get<MsNamed[]>('module/metersphere/projects', { moduleId }),
    enabled,
  });

/** The modules of a MeterSphere project. */
export const useMsModulesQuery = (moduleId: string, msProjectId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['ms-modules', moduleId, msProjectId],
    queryFn: () => api.get<MsNode[]>('module/metersphere/modules', { moduleId, msProjectId }),
    enabled,
  });

/** Saves an application's target. */
export const useSaveMsTargetMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (body: { msProjectId: string; msModuleId: string; msCoverModule: number }) =>
      api.post<null>('module/metersphere/save', { ...body, moduleId }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: targetKey(moduleId) });
    },
    meta: { silent: true },
  });

/** Sends an application's docs to MeterSphere now; the log is asked again. */
export const useMsPushMutation = (moduleId: string) =>
  useMutation({
    mutationFn: () => api.post<MsPushResult>('module/metersphere/push', { moduleId }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: logKey(moduleId) });
    },
    meta: { silent: true },
  });

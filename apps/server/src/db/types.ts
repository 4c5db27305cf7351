/**
 * Database schema as Kysely sees it (camelCase; the CamelCasePlugin maps to snake_case tables and columns).
 * Times are epoch milliseconds (bigint), flags are 0/1 smallints, so all three dialects agree.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Id = Generated<number>;
type Audit = {
  isDeleted: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

export interface UsersTable {
  id: Id;
  username: string;
  passwordHash: string;
  nickname: string;
  email: string;
  avatar: Generated<string>;
  isSuperAdmin: Generated<number>;
  status: Generated<number>;
  source: Generated<string>;
  lang: Generated<string>;
  dingtalkUserId: Generated<string>;
  wecomMobile: Generated<string>;
  thirdPartyId: Generated<string>;
  createdAt: number;
  updatedAt: number;
}

export interface UserSessionsTable {
  id: Id;
  userId: number;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  lastUsedAt: number;
}

/** Read-only tokens for agents and scripts (modules/agents). */
export interface PersonalAccessTokensTable {
  id: Id;
  userId: number;
  name: string;
  tokenHash: string;
  tokenPrefix: string;
  scope: string;
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface PasswordResetsTable {
  id: Id;
  userId: number;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface LoginKeysTable {
  id: Id;
  loginKeyHash: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface SpacesTable extends Audit {
  id: Id;
  name: string;
  isCompose: Generated<number>;
  creatorId: number;
  creatorName: string;
  modifierId: number;
  modifierName: string;
}

export interface SpaceMembersTable {
  id: Id;
  spaceId: number;
  userId: number;
  roleCode: string;
  createdAt: number;
}

export interface ProjectsTable extends Audit {
  id: Id;
  spaceId: number;
  name: string;
  description: Generated<string>;
  isPrivate: Generated<number>;
  orderIndex: Generated<number>;
  creatorId: number;
  creatorName: string;
  modifierId: number;
  modifierName: string;
}

export interface ProjectMembersTable {
  id: Id;
  projectId: number;
  userId: number;
  roleCode: string;
  createdAt: number;
}

/** Applications (Torna's module). */
export interface ModulesTable extends Audit {
  id: Id;
  projectId: number;
  name: string;
  /** 0 manual, 1 swagger import, 2 postman import, 3 yapi markdown. */
  type: Generated<number>;
  token: string;
  orderIndex: Generated<number>;
  creatorId: number;
  creatorName: string;
  modifierId: number;
  modifierName: string;
}

/** Per-module key/value settings (push, webhooks, test tool, debug proxy switch...). */
export interface ModuleConfigsTable {
  id: Id;
  moduleId: number;
  type: number;
  configKey: string;
  configValue: string;
  description: Generated<string>;
  createdAt: number;
  updatedAt: number;
}

export interface ModuleEnvironmentsTable {
  id: Id;
  moduleId: number;
  name: string;
  url: string;
  isPublic: Generated<number>;
  orderIndex: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export interface ModuleSwaggerConfigsTable {
  id: Id;
  moduleId: number;
  url: Generated<string>;
  content: Generated<string>;
  /** A large source kept as a file in `<uploads>/import-sources` (content is then empty). */
  contentFile: Generated<string>;
  format: Generated<string>;
  authUsername: Generated<string>;
  authPasswordEnc: Generated<string>;
  createdAt: number;
  updatedAt: number;
}

/** Docs and folders in one tree. */
export interface DocsTable extends Audit {
  id: Id;
  moduleId: number;
  parentId: number;
  dataId: string;
  docKey: string;
  md5: Generated<string>;
  name: string;
  description: Generated<string>;
  author: Generated<string>;
  type: Generated<number>;
  url: Generated<string>;
  version: Generated<string>;
  identityKey: Generated<string>;
  /** A spec's named examples, responses and webhook event as JSON (modules/docs/doc-extras.ts); '' for none. */
  specExtras: Generated<string>;
  /** The webhook event name of a doc that is an incoming call the API makes (OpenAPI 3.1 webhooks); '' for none. */
  webhook: Generated<string>;
  definition: Generated<string>;
  httpMethod: Generated<string>;
  contentType: Generated<string>;
  deprecated: Generated<string>;
  isFolder: Generated<number>;
  isShow: Generated<number>;
  orderIndex: Generated<number>;
  status: Generated<number>;
  isLocked: Generated<number>;
  isUseGlobalHeaders: Generated<number>;
  isUseGlobalParams: Generated<number>;
  isUseGlobalReturns: Generated<number>;
  isRequestArray: Generated<number>;
  isResponseArray: Generated<number>;
  requestArrayType: Generated<string>;
  responseArrayType: Generated<string>;
  /** 0 manual (form/import), 1 open-api push. */
  createMode: Generated<number>;
  /** Modify source of the last content change: push 0, form 1, text 2. */
  modifySource: Generated<number>;
  remark: Generated<string>;
  creatorId: number;
  creatorName: string;
  modifierId: number;
  modifierName: string;
}

/**
 * Parameters of docs, module common params, environments and compose projects (ownerType, see ParamOwner):
 * one row per owner and style, the whole list in `body` (modules/docs/param-set-codec.ts).
 */
export interface ParamSetsTable {
  id: Id;
  ownerType: number;
  ownerId: number;
  style: number;
  body: string;
  createdAt: number;
  updatedAt: number;
}

/** One searchable thing (modules/search): a doc, folder, dictionary, constants page, application, project or space. */
export interface SearchEntriesTable {
  id: Id;
  kind: string;
  refId: number;
  spaceId: number;
  projectId: number;
  moduleId: number;
  name: string;
  method: string;
  path: string;
  docType: number;
  status: number;
  deprecated: number;
  body: string;
  updatedAt: number;
}

/** A normalised term of a search entry with the weight of the best field it came from. */
export interface SearchTermsTable {
  term: string;
  entryId: number;
  weight: number;
  /** Who may read it: the project id, or minus the space id for a space's own entry. */
  scopeId: number;
}

/** A counter per application, bumped by triggers on `docs` at every write (validates tree answers). */
export interface TreeRevisionsTable {
  moduleId: number;
  rev: number;
}

/** Generic props (Dubbo info on folders type 0; debug props 10/11). */
export interface PropsTable {
  id: Id;
  refId: number;
  type: number;
  name: string;
  val: string;
}

export interface EnumInfosTable {
  id: Id;
  moduleId: number;
  dataId: string;
  name: string;
  description: Generated<string>;
  createdAt: number;
  updatedAt: number;
  isDeleted: Generated<number>;
}

export interface EnumItemsTable {
  id: Id;
  enumId: number;
  name: string;
  type: Generated<string>;
  value: Generated<string>;
  description: Generated<string>;
  orderIndex: Generated<number>;
}

/** Rich-text constants / error-code pages at project, module or doc level (0 = not that level). */
export interface ConstantInfosTable {
  id: Id;
  projectId: number;
  moduleId: number;
  docId: number;
  content: string;
  createdAt: number;
  updatedAt: number;
}

export interface DocSnapshotsTable {
  id: Id;
  docId: number;
  docKey: string;
  md5: string;
  modifierName: string;
  modifiedAt: number;
  content: string;
}

export interface DocChangeRecordsTable {
  id: Id;
  docId: number;
  moduleId: number;
  docKey: string;
  md5Old: string;
  md5New: string;
  modifySource: number;
  modifyUserId: number;
  modifyNickname: string;
  modifyType: number;
  modifiedAt: number;
}

export interface DocChangeDetailsTable {
  id: Id;
  recordId: number;
  positionType: number;
  targetName: string;
  content: string;
  modifyType: number;
}

/** Fields a person edited that pushes must not overwrite. */
export interface PushIgnoreFieldsTable {
  id: Id;
  moduleId: number;
  dataId: string;
  fieldName: string;
}

export interface SubscriptionsTable {
  id: Id;
  userId: number;
  type: number;
  sourceId: number;
  createdAt: number;
}

export interface MessagesTable {
  id: Id;
  userId: number;
  /** The text in the server's default language when sent; the only text of rows without a key. */
  message: string;
  /** Message key and JSON params, written in the reader's language when listed (null: older rows). */
  messageKey: ColumnType<string | null, string | null | undefined, string | null>;
  messageParams: ColumnType<string | null, string | null | undefined, string | null>;
  type: number;
  sourceId: number;
  isRead: Generated<number>;
  createdAt: number;
}

export interface SharesTable extends Audit {
  id: Id;
  publicId: string;
  moduleId: number;
  type: number;
  passwordEnc: Generated<string>;
  expiresAt: number | null;
  status: Generated<number>;
  isAll: Generated<number>;
  remark: Generated<string>;
  allowDebug: Generated<number>;
  isAllSelectedDebug: Generated<number>;
  creatorId: number;
  creatorName: string;
}

export interface ShareContentsTable {
  id: Id;
  shareId: number;
  docId: number;
  parentId: number;
  isShareFolder: Generated<number>;
}

export interface ShareEnvironmentsTable {
  id: Id;
  shareId: number;
  environmentId: number;
}

export interface ComposeProjectsTable extends Audit {
  id: Id;
  publicId: string;
  spaceId: number;
  name: string;
  description: Generated<string>;
  type: number;
  passwordEnc: Generated<string>;
  status: Generated<number>;
  orderIndex: Generated<number>;
  showDebug: Generated<number>;
  gatewayUrl: Generated<string>;
  creatorId: number;
  creatorName: string;
}

export interface ComposeDocsTable {
  id: Id;
  projectId: number;
  docId: number;
  isFolder: Generated<number>;
  folderName: Generated<string>;
  parentId: number;
  origin: Generated<string>;
  orderIndex: Generated<number>;
  creatorName: string;
  createdAt: number;
}

export interface ComposeAdditionalPagesTable {
  id: Id;
  projectId: number;
  title: string;
  content: string;
  orderIndex: Generated<number>;
  status: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export interface MockConfigsTable extends Audit {
  id: Id;
  docId: number;
  name: string;
  dataId: string;
  path: string;
  version: Generated<number>;
  isDefault: Generated<number>;
  requestDataType: Generated<number>;
  requestData: Generated<string>;
  httpStatus: Generated<number>;
  delayMills: Generated<number>;
  resultType: Generated<number>;
  responseHeaders: Generated<string>;
  responseBody: Generated<string>;
  mockScript: Generated<string>;
  mockResult: Generated<string>;
  remark: Generated<string>;
  creatorName: string;
  modifierName: string;
}

export interface DebugScriptsTable {
  id: Id;
  name: string;
  description: Generated<string>;
  content: string;
  type: number;
  scope: number;
  refId: number;
  enabled: Generated<number>;
  creatorName: string;
  createdAt: number;
  updatedAt: number;
}

export interface OpenUsersTable {
  id: Id;
  appKey: string;
  secretEnc: string;
  status: Generated<number>;
  applicant: Generated<string>;
  spaceId: number;
  createdAt: number;
  isDeleted: Generated<number>;
}

/** System key/value config; keys are stored lower-case and read case-insensitively. */
export interface SystemConfigsTable {
  id: Id;
  configKey: string;
  configValue: string;
  remark: Generated<string>;
  updatedAt: number;
}

export interface SystemI18nTable {
  id: Id;
  lang: string;
  description: string;
  content: string;
  updatedAt: number;
}

export interface MsSpaceConfigsTable {
  id: Id;
  spaceId: number;
  msSpaceId: Generated<string>;
  msSpaceName: Generated<string>;
  msAddress: Generated<string>;
  msAccessKey: Generated<string>;
  msSecretKeyEnc: Generated<string>;
  updatedAt: number;
}

export interface MsModuleConfigsTable {
  id: Id;
  moduleId: number;
  msProjectId: Generated<string>;
  msModuleId: Generated<string>;
  msCoverModule: Generated<number>;
  name: Generated<string>;
  updatedAt: number;
}

export interface AuditLogsTable {
  id: Id;
  createdAt: number;
  actorId: number;
  actorName: string;
  action: string;
  target: Generated<string>;
  detail: Generated<string>;
  ip: Generated<string>;
}

/** Durable background work: imports, large pushes, webhook deliveries. */
export interface JobsTable {
  id: Id;
  publicId: string;
  kind: string;
  state: string;
  progress: Generated<number>;
  moduleId: Generated<number>;
  payload: Generated<string>;
  result: Generated<string>;
  error: Generated<string>;
  attempts: Generated<number>;
  runAfter: Generated<number>;
  createdBy: Generated<number>;
  createdAt: number;
  updatedAt: number;
  /** The server running the job ('' when none). */
  leaseOwner: Generated<string>;
  /** Until when that server's claim holds (epoch ms); renewed while the job runs. */
  leaseUntil: Generated<number>;
}

export interface WebhookDeliveriesTable {
  id: Id;
  moduleId: number;
  kind: string;
  event: Generated<string>;
  body: string;
  state: string;
  attempts: Generated<number>;
  nextAttemptAt: number;
  responseStatus: Generated<number>;
  lastError: Generated<string>;
  createdAt: number;
  updatedAt: number;
  webhookId: Generated<number>;
}

/** Security schemes and requirements of an application (`SecurityData` JSON), one row per application. */
export interface ModuleSecurityTable {
  id: Id;
  moduleId: number;
  body: string;
  createdAt: number;
  updatedAt: number;
}

/** Chat webhooks of an application (URL and DingTalk secret encrypted at rest). */
export interface ModuleWebhooksTable {
  id: Id;
  moduleId: number;
  /** dingtalk | wecom | feishu | slack | json */
  kind: string;
  name: string;
  urlEnc: string;
  secretEnc: Generated<string>;
  /** Scheme and host only, for the delivery log. */
  urlHint: Generated<string>;
  enabled: Generated<number>;
  creatorId: number;
  createdAt: number;
  updatedAt: number;
}

export interface UploadsTable {
  id: Id;
  fileId: string;
  filename: string;
  contentType: string;
  size: number;
  storagePath: string;
  userId: number;
  moduleId: Generated<number>;
  docId: Generated<number>;
  createdAt: number;
}

export interface RateLimitsTable {
  id: Id;
  bucket: string;
  hits: number;
  windowStart: number;
  /** Time of the last hit (epoch ms). */
  updatedAt: Generated<number>;
  /** When the row may be deleted (epoch ms). */
  expiresAt: Generated<number>;
}

export interface TrashItemsTable {
  id: Id;
  /** 'doc' | 'folder' | 'module' | 'project' | 'space'. */
  kind: string;
  targetId: number;
  spaceId: number;
  projectId: number;
  moduleId: number;
  name: string;
  /** Where the item was, as the user knows it (project › application › folder). */
  path: string;
  /** Docs and folders the delete took with it (the item included). */
  itemCount: number;
  /** JSON: the rows this delete soft-deleted and the memberships it removed (trash.service.ts). */
  payload: string;
  deletedBy: number;
  deletedByName: string;
  deletedAt: number;
}

export interface Database {
  users: UsersTable;
  userSessions: UserSessionsTable;
  passwordResets: PasswordResetsTable;
  personalAccessTokens: PersonalAccessTokensTable;
  loginKeys: LoginKeysTable;
  spaces: SpacesTable;
  spaceMembers: SpaceMembersTable;
  projects: ProjectsTable;
  projectMembers: ProjectMembersTable;
  modules: ModulesTable;
  moduleConfigs: ModuleConfigsTable;
  moduleEnvironments: ModuleEnvironmentsTable;
  moduleSwaggerConfigs: ModuleSwaggerConfigsTable;
  docs: DocsTable;
  paramSets: ParamSetsTable;
  searchEntries: SearchEntriesTable;
  searchTerms: SearchTermsTable;
  treeRevisions: TreeRevisionsTable;
  props: PropsTable;
  enumInfos: EnumInfosTable;
  enumItems: EnumItemsTable;
  constantInfos: ConstantInfosTable;
  docSnapshots: DocSnapshotsTable;
  docChangeRecords: DocChangeRecordsTable;
  docChangeDetails: DocChangeDetailsTable;
  pushIgnoreFields: PushIgnoreFieldsTable;
  subscriptions: SubscriptionsTable;
  messages: MessagesTable;
  shares: SharesTable;
  shareContents: ShareContentsTable;
  shareEnvironments: ShareEnvironmentsTable;
  composeProjects: ComposeProjectsTable;
  composeDocs: ComposeDocsTable;
  composeAdditionalPages: ComposeAdditionalPagesTable;
  mockConfigs: MockConfigsTable;
  debugScripts: DebugScriptsTable;
  openUsers: OpenUsersTable;
  systemConfigs: SystemConfigsTable;
  systemI18n: SystemI18nTable;
  msSpaceConfigs: MsSpaceConfigsTable;
  msModuleConfigs: MsModuleConfigsTable;
  auditLogs: AuditLogsTable;
  jobs: JobsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  moduleWebhooks: ModuleWebhooksTable;
  moduleSecurity: ModuleSecurityTable;
  uploads: UploadsTable;
  rateLimits: RateLimitsTable;
  trashItems: TrashItemsTable;
  pushRuns: PushRunsTable;
}

/** The current smart-doc run of an application (modules/push/push-runs.ts): one row per application. */
export interface PushRunsTable {
  id: Id;
  moduleId: number;
  runId: string;
  signature: string;
  /** When the run's last chunk arrived (epoch ms); 0 once the run is closed. */
  lastAt: number;
  /** JSON array: identities of the top-level items the run's chunks sent. */
  topKeys: string;
  /** JSON array: doc and folder ids the run's chunks wrote. */
  touched: string;
  /** JSON array: doc ids replace pushes deleted whose deletion is not recorded in history yet. */
  pending: string;
}

export type UserRow = Selectable<UsersTable>;
export type DocRow = Selectable<DocsTable>;
export type NewDoc = Insertable<DocsTable>;
export type DocUpdate = Updateable<DocsTable>;

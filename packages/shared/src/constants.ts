/** Business constants and limits of the product spec, section 9. */

/** Product version shown in /api/health and the UI. */
export const PRODUCT_VERSION = '1.27.0';
/** The Torna version whose wire formats Folio reproduces. */
export const TORNA_COMPAT_VERSION = '1.27.0';

/** Request timeout of the main client, ms. */
export const REQUEST_TIMEOUT_MS = 600_000;
/** Unread message polling interval, ms. */
export const MESSAGE_POLL_MS = 30_000;
/** The unread badge shows at most this number. */
export const UNREAD_BADGE_MAX = 99;

export const MOBILE_BREAKPOINT = 992;
export const PREVIEW_COLLAPSE_WIDTH = 1000;
export const SIDEBAR_DEFAULT_WIDTH = 300;
export const SIDEBAR_MIN_WIDTH = 50;
export const SIDEBAR_MAX_WIDTH = 800;
export const SIDE_BAR_WIDTHS = [70, 300, 200] as const;
export const TAB_BAR_OFFSET = 44;
export const TREE_INDENT = 10;

/** Page size options of every paged list. */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Parameter types offered by the editors. */
export const PARAM_TYPES = ['string', 'number', 'boolean', 'object', 'array', 'num_array', 'str_array', 'file', 'file[]', 'enum'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];
/** Types with no children. */
export const BASE_PARAM_TYPES = ['string', 'number', 'boolean'] as const;
export const DEFAULT_MAX_LENGTH = '64';
export const ORDER_STEP = 10;
export const INITIAL_ORDER_INDEX = 10_000;

/** Share visibility. */
export const ShareType = { PUBLIC: 1, ENCRYPT: 2 } as const;
/** Compose-project visibility. */
export const ComposeType = { PUBLIC: 1, ENCRYPT: 2 } as const;

/** Where a parameter sits in a request or response. */
export const ParamStyle = { PATH: 0, HEADER: 1, REQUEST: 2, RESPONSE: 3, CODE: 4, QUERY: 5 } as const;
export type ParamStyleCode = (typeof ParamStyle)[keyof typeof ParamStyle];

/** Kinds of doc. */
export const DocType = { HTTP: 0, DUBBO: 1, CUSTOM: 2, MARKDOWN: 3 } as const;
export type DocTypeCode = (typeof DocType)[keyof typeof DocType];

/** Tree node kinds. */
export const FolderType = { PROJECT: 0, MODULE: 1, FOLDER: 2, DOC: 3 } as const;

/** Doc workflow status. */
export const DocStatus = { TODO: 0, DOING: 5, DONE: 10 } as const;

/** Account status. */
export const UserStatus = { DISABLED: 0, ENABLED: 1, SET_PASSWORD: 2 } as const;
/** Where an account came from. */
export const UserSource = ['register', 'backend', 'form', 'oauth', 'ldap'] as const;
export type UserSourceCode = (typeof UserSource)[number];

/** Who last changed a doc's content. */
export const ModifySource = { PUSH: 0, FORM: 1, TEXT: 2 } as const;
/** Change-record kinds (Torna's modify_type). */
export const ModifyType = { UPDATE: 0, ADD: 1, DELETE: 2 } as const;

/** Debug script type and scope. */
export const DebugScriptType = { PRE: 0, AFTER: 1 } as const;
export const DebugScriptScope = { DOC: 0, MODULE: 1, PROJECT: 2 } as const;
/** Prop types (Torna's prop table). */
export const PropType = { DOC: 0, DEBUG: 10, DEBUG_PROXY: 11 } as const;

/** Message kinds. */
export const MessageType = { DOC: 1, PROJECT: 2, PUSH: 3, SECURITY: 4 } as const;
/** Subscription kinds. */
export const SubscribeType = { DOC: 1, PROJECT: 2 } as const;

/** Content types offered by the doc editor. */
export const CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'text/plain',
  '*/*',
] as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
/** Ant Design tag colour per HTTP method. */
export const METHOD_TAG_COLORS: Record<string, string> = {
  GET: 'processing',
  POST: 'default',
  PUT: 'warning',
  DELETE: 'error',
  HEAD: 'success',
};

/** Push config keys. */
export const PushConfigKey = { PRINT_CONTENT: 'printContent', OVERRIDE: 'override' } as const;

/** Preview tree dimension. */
export const Dimension = { SPACE: 1, PROJECT: 2 } as const;
export const DEFAULT_DIMENSION = Dimension.PROJECT;

export const DEFAULT_LANG = 'zh-CN';
export const FALLBACK_LANG = 'zh-CN';
export const SUPPORTED_LANGS = ['zh-CN', 'en'] as const;

/** The sentinel Torna stores for "not deprecated". */
export const NOT_DEPRECATED = '$false$';
/** Example value of the common response param that marks where a doc's own response nests. */
export const DATA_NODE_EXAMPLE = '$data$';

/** Role codes, least to most powerful. */
export const ROLES = ['guest', 'dev', 'admin'] as const;
export type RoleCode = (typeof ROLES)[number];

/** Module config types (Torna's module_config.type). */
export const ModuleConfigType = {
  COMMON: 0,
  GLOBAL_HEADERS: 1,
  DEBUG_HOST: 2,
  GLOBAL_PARAMS: 3,
  GLOBAL_RETURNS: 4,
  GLOBAL_ERROR_CODES: 5,
} as const;

/** Owners of parameter rows in the one params table. */
export const ParamOwner = { DOC: 0, MODULE: 1, ENVIRONMENT: 2, COMPOSE: 3 } as const;

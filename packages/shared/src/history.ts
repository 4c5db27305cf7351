/**
 * Change-history codes (torna-compat §1a PositionType, used in change details), plus Folio's extensions
 * (8 version, 9 definition, 10 doc type, 22 Dubbo info, 45 error codes). Shared so the web diff view and
 * the server agree.
 */
export const PositionType = {
  NAME: 0,
  HTTP_METHOD: 1,
  URL: 2,
  CONTENT_TYPE: 3,
  DESCRIPTION: 4,
  DEPRECATED: 5,
  IS_SHOW: 6,
  ORDER_INDEX: 7,
  VERSION: 8,
  DEFINITION: 9,
  DOC_TYPE: 10,
  STATUS: 13,
  AUTHOR: 14,
  USE_GLOBAL_HEADERS: 15,
  USE_GLOBAL_PARAMS: 16,
  USE_GLOBAL_RETURNS: 17,
  IS_REQUEST_ARRAY: 18,
  IS_RESPONSE_ARRAY: 19,
  REQUEST_ARRAY_TYPE: 20,
  RESPONSE_ARRAY_TYPE: 21,
  DUBBO_INFO: 22,
  PATH_PARAM: 40,
  HEADER_PARAM: 41,
  QUERY_PARAM: 42,
  BODY_PARAM: 43,
  RESPONSE_PARAM: 44,
  ERROR_CODE: 45,
  PARAM_NAME: 50,
  PARAM_TYPE: 51,
  PARAM_REQUIRED: 52,
  PARAM_MAX_LENGTH: 53,
  PARAM_DESCRIPTION: 54,
  PARAM_EXAMPLE: 55,
} as const;

/** A field-level change of a recorded doc change. */
export interface ChangeDetail {
  positionType: number;
  /** Field name, or the parameter path (`data.items.id`) for parameter changes. */
  targetName: string;
  /** 0 update, 1 add, 2 delete (ModifyType). */
  modifyType: number;
  old: unknown;
  new: unknown;
  /** For parameter field changes (50–55): the list the parameter sits in (40–45). */
  paramPosition?: number;
}

/** A recorded change of a doc (change log entry). */
export interface ChangeRecord {
  id: string;
  docId: string;
  md5Old: string;
  md5New: string;
  /** Push 0, form 1, text 2. */
  modifySource: number;
  modifyNickname: string;
  /** 0 update, 1 add, 2 delete. */
  modifyType: number;
  modifyTime: number;
  details: ChangeDetail[];
}

/**
 * Parameter lists as the API receives them (doc/save, environments, common params): the shared request
 * schema, and conversion to ParamInput with the validation rules of spec §5 (the shared name rule, maxLength
 * '64' when a param omits it, required default 1, order index max + 10 or the initial order).
 */
import {
  DATA_NODE_EXAMPLE,
  DEFAULT_MAX_LENGTH,
  type DocParam,
  type EnumInfo,
  ORDER_STEP,
  PARAM_NAME_MAX,
  type ParamNameProblem,
  paramNameProblem,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { FieldError } from '../../lib/errors.js';
import type { IdCodec } from '../../lib/ids.js';
import type { ParamInput } from './doc-params.js';

/** $id of the shared (recursive) parameter schema. */
export const PARAM_SCHEMA_ID = 'FolioParam';

/** The field error of each name problem (the shared rule, packages/shared format.ts). */
const NAME_ERRORS: Record<ParamNameProblem, string> = {
  empty: 'cannot be empty',
  control: 'cannot contain control characters',
  tooLong: `length cannot exceed ${PARAM_NAME_MAX}`,
};
/** Deepest nesting accepted. */
export const MAX_PARAM_DEPTH = 32;

export const EnumInfoInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Type.String({ maxLength: 16000 })),
  items: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String({ minLength: 1, maxLength: 255 }),
        type: Type.Optional(Type.String({ maxLength: 64 })),
        value: Type.Optional(Type.String({ maxLength: 1024 })),
        description: Type.Optional(Type.String({ maxLength: 16000 })),
      }),
      { maxItems: 1000 },
    ),
  ),
});

/** Registers the recursive parameter schema once on the instance (idempotent). */
export function registerParamSchema(app: FastifyInstance): void {
  if (app.getSchema(PARAM_SCHEMA_ID)) return;
  app.addSchema(
    Type.Object(
      {
        id: Type.Optional(Type.String({ maxLength: 64 })),
        name: Type.String({ maxLength: 255 }),
        type: Type.Optional(Type.String({ maxLength: 64 })),
        required: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()])),
        maxLength: Type.Optional(Type.String({ maxLength: 32 })),
        example: Type.Optional(Type.String({ maxLength: 16000 })),
        description: Type.Optional(Type.String({ maxLength: 16000 })),
        enumContent: Type.Optional(Type.String({ maxLength: 16000 })),
        enumId: Type.Optional(Type.String({ maxLength: 64 })),
        enumInfo: Type.Optional(Type.Union([EnumInfoInput, Type.Null()])),
        orderIndex: Type.Optional(Type.Integer()),
        children: Type.Optional(Type.Array(Type.Ref(PARAM_SCHEMA_ID), { maxItems: 2000 })),
      },
      { $id: PARAM_SCHEMA_ID },
    ),
  );
}

/** A list of parameters in a request body. */
export const ParamList = () => Type.Optional(Type.Array(Type.Ref(PARAM_SCHEMA_ID), { maxItems: 5000 }));

/** A parameter as received (after schema validation). */
export interface ParamBody {
  id?: string;
  name: string;
  type?: string;
  required?: number | boolean;
  maxLength?: string;
  example?: string;
  description?: string;
  enumId?: string;
  enumInfo?: EnumInfo | null;
  orderIndex?: number;
  children?: ParamBody[];
}

export interface ConvertOptions {
  ids: IdCodec;
  /** Initial order index when a list has none (setting folio.init-order). */
  initOrder: number;
  /** Enforce the name rule beyond "not empty" (form input); error codes are free text. */
  checkName?: boolean;
  /** Dictionaries of the application (enumId must be one of them). */
  moduleEnumIds?: Set<number>;
  /** Creates or links a dictionary from an `enumInfo` and returns its id. */
  resolveEnum?: (info: EnumInfo) => Promise<number>;
}

/**
 * Converts and validates a list; errors are appended to `errors` with dotted field paths
 * (`requestParams.0.children.1.name`). Returns the inputs (meaningless when errors were added).
 */
export async function toParamInputs(
  list: ParamBody[] | undefined,
  path: string,
  errors: FieldError[],
  opts: ConvertOptions,
  depth = 0,
): Promise<ParamInput[]> {
  if (!list?.length) return [];
  if (depth >= MAX_PARAM_DEPTH) {
    errors.push({ field: path, message: `nesting deeper than ${MAX_PARAM_DEPTH}` });
    return [];
  }
  let max: number | null = null;
  for (const p of list) if (typeof p.orderIndex === 'number') max = max === null ? p.orderIndex : Math.max(max, p.orderIndex);
  const out: ParamInput[] = [];
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    const at = `${path}.${i}`;
    const name = (p.name ?? '').trim();
    const problem = paramNameProblem(name);
    if (problem === 'empty' || (problem && opts.checkName !== false)) errors.push({ field: `${at}.name`, message: NAME_ERRORS[problem] });
    let enumId = 0;
    if (p.enumInfo?.name && opts.resolveEnum) enumId = await opts.resolveEnum(p.enumInfo);
    else if (p.enumId) {
      const n = opts.ids.tryDecode(p.enumId);
      if (!n || (opts.moduleEnumIds && !opts.moduleEnumIds.has(n))) errors.push({ field: `${at}.enumId`, message: 'unknown dictionary' });
      else enumId = n;
    }
    let orderIndex: number;
    if (typeof p.orderIndex === 'number') orderIndex = p.orderIndex;
    else {
      orderIndex = max === null ? opts.initOrder : max + ORDER_STEP;
      max = orderIndex;
    }
    // Spec §5's default is for a param sent without the field (an API client's new param); a param sent with it
    // keeps it, empty included: an imported object or a pushed '-' saved unchanged stays as it was.
    const maxLength = p.maxLength === undefined ? DEFAULT_MAX_LENGTH : p.maxLength.trim();
    out.push({
      name,
      type: (p.type ?? '').trim() || 'string',
      required: p.required === undefined ? 1 : p.required === true || p.required === 1 ? 1 : 0,
      maxLength,
      example: p.example ?? '',
      description: p.description ?? '',
      enumId,
      orderIndex,
      children: await toParamInputs(p.children, `${at}.children`, errors, opts, depth + 1),
    });
  }
  return out;
}

/**
 * Nests a doc's own response params inside the application's common response params: the common param
 * whose example is `$data$` takes the doc's params as its children. Without such a marker (or without
 * common params) the doc's params are returned as they are. Used by views, exports and mocks.
 */
export function wrapResponse(common: DocParam[], own: DocParam[]): DocParam[] {
  if (!common.length) return own;
  let found = false;
  const walk = (ps: DocParam[]): DocParam[] =>
    ps.map((p) => {
      if (!found && p.example === DATA_NODE_EXAMPLE) {
        found = true;
        return { ...p, example: '', children: own };
      }
      return { ...p, children: walk(p.children ?? []) };
    });
  const out = walk(common);
  return found ? out : own;
}

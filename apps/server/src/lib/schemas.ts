/** Reusable TypeBox schemas for route declarations. */
import { PARAM_NODE_ID, ParamNodeSchema, TREE_NODE_ID, TreeNodeSchema } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

/** Ids, flags and times are defined once, in packages/shared (schemas/common.ts). */
export { Flag, IdString, MAX_EPOCH_MS } from '@folio/shared';
/** An optional id where '' or absent means none/root. */
export const OptionalId = Type.Optional(Type.String({ maxLength: 64 }));
export const Name = (max = 128) => Type.String({ minLength: 1, maxLength: max });
export const Paging = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Union([Type.Literal(5), Type.Literal(10), Type.Literal(20), Type.Literal(50), Type.Literal(100)])),
};
export const RoleCodeSchema = Type.Union([Type.Literal('guest'), Type.Literal('dev'), Type.Literal('admin')]);

/** Reads a flag value as 0/1. */
export const flag = (v: unknown): number => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0);

/** Default bounds of a numeric input that states none: 32-bit integers, finite numbers of a sane size. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const NUM_LIMIT = 1e15;

/**
 * Bounds every integer and number in a request schema that has no explicit bound, so no route accepts
 * Infinity (`1e999`), `1e308` or values past the database's integer columns. Schemas may be shared: the
 * change is idempotent. Called for each route's body, querystring, params and headers when it is registered.
 */
export function boundNumbers(schema: unknown, seen = new Set<object>()): boolean {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  let numeric = false;
  if (s.type === 'integer' || s.type === 'number') {
    numeric = true;
    const int = s.type === 'integer';
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = int ? INT_MIN : -NUM_LIMIT;
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = int ? INT_MAX : NUM_LIMIT;
  }
  for (const v of Object.values(s)) {
    if (Array.isArray(v)) for (const x of v) numeric = boundNumbers(x, seen) || numeric;
    else if (v && typeof v === 'object') numeric = boundNumbers(v, seen) || numeric;
  }
  return numeric;
}

/**
 * True when a validated input holds Infinity or NaN. Ajv's coercion turns the string "1e999" into Infinity
 * and then skips minimum/maximum for it, so routes with numeric fields check their parsed input once more.
 */
export function hasNonFinite(v: unknown, depth = 0): boolean {
  if (typeof v === 'number') return !Number.isFinite(v);
  if (depth > 64 || !v || typeof v !== 'object') return false;
  for (const x of Array.isArray(v) ? v : Object.values(v)) if (hasNonFinite(x, depth + 1)) return true;
  return false;
}

/** Registers the answered parameter node schema (recursive, referred to by id) once on the instance. */
export function registerParamNodeSchema(app: Pick<FastifyInstance, 'getSchema' | 'addSchema'>): void {
  if (!app.getSchema(PARAM_NODE_ID)) app.addSchema(ParamNodeSchema);
}

/** Registers the answered doc tree node schema (recursive, referred to by id) once on the instance. */
export function registerTreeNodeSchema(app: Pick<FastifyInstance, 'getSchema' | 'addSchema'>): void {
  if (!app.getSchema(TREE_NODE_ID)) app.addSchema(TreeNodeSchema);
}

/** Reusable TypeBox schemas for route declarations. */
import { Type } from 'typebox';

/** An opaque external id. */
export const IdString = Type.String({ minLength: 1, maxLength: 64, description: 'opaque id' });
/** An optional id where '' or absent means none/root. */
export const OptionalId = Type.Optional(Type.String({ maxLength: 64 }));
/** A 0/1 flag that also accepts booleans and numeric strings (coerced). */
export const Flag = Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()]);
export const Name = (max = 128) => Type.String({ minLength: 1, maxLength: max });
export const Paging = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Union([Type.Literal(5), Type.Literal(10), Type.Literal(20), Type.Literal(50), Type.Literal(100)])),
};
export const RoleCodeSchema = Type.Union([Type.Literal('guest'), Type.Literal('dev'), Type.Literal('admin')]);

/** Reads a flag value as 0/1. */
export const flag = (v: unknown): number => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0);

/** Building blocks of the request and response schemas: ids, flags, times. */
import { type Static, Type } from 'typebox';

/** An opaque (Hashids) id as the API shows it. */
export const IdString = Type.String({ minLength: 1, maxLength: 64, description: 'opaque id' });
/** A 0/1 flag; requests may send true/false. */
export const Flag = Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()]);
/** A 0/1 flag as the API answers it. */
export const Flag01 = Type.Integer({ minimum: 0, maximum: 1 });
/** Latest accepted epoch-ms time (the end of year 9999). */
export const MAX_EPOCH_MS = 253_402_300_799_999;
/** An epoch-ms time. */
export const EpochMs = Type.Integer({ minimum: 0, description: 'epoch milliseconds' });
/** An optional id where '' or absent means none (a new row) or the root. */
export const OptionalIdString = Type.Optional(Type.String({ maxLength: 64, description: "opaque id; '' or absent: none" }));
/** A required, non-empty name of at most `max` characters. */
export const NameString = (max = 128) => Type.String({ minLength: 1, maxLength: max });
/** A body or query naming one row by id. */
export const IdInput = Type.Object({ id: IdString });
/** The answer of a save: the row's id. */
export const SavedIdSchema = Type.Object({ id: IdString });
/** Answer of a live-docs revision poll (an ETag too: a matching If-None-Match answers 304 without a body). */
export const RevisionSchema = Type.Object({ revision: Type.String() });
export type Revision = Static<typeof RevisionSchema>;
/**
 * Response header of a reading page's first answers (asked with `live`): the live-docs revision of the page's scope
 * read before the answer's own rows, so the page's poller starts from what its tree and doc were built from.
 */
export const REVISION_HEADER = 'x-folio-revision';
/** The fields of T that the object schema S does not declare (never when S covers T). */
export type FieldsMissing<T, S extends { properties: object }> = Exclude<keyof T, keyof S['properties']>;
/**
 * `true` when the object schema S declares every field of T, else the names of the missing ones. A response schema
 * filters answers, so a field added to an answered interface alone would silently vanish: `const c: Covers<T, typeof
 * S> = true` beside the schema fails the type check instead, naming the field.
 */
export type Covers<T, S extends { properties: object }> = [FieldsMissing<T, S>] extends [never] ? true : FieldsMissing<T, S>;

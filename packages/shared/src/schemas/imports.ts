/**
 * Imports: `POST /api/import` (multipart or JSON: its fields are read by hand, see the server's imports.routes.ts)
 * queues a job; `POST /api/import/refresh` re-imports an application from its stored source; `GET /api/import/status`
 * reports progress, counts, warnings and errors with their location in the source.
 */
import { type Static, Type } from 'typebox';
import { EpochMs, IdString } from './common.js';

/** Answer of POST /api/import and /api/import/refresh: the job to poll. */
export const ImportJobSchema = Type.Object({ jobId: Type.String({ description: 'poll GET /api/import/status?jobId=' }) });
/** Body of POST /api/import/refresh; query of GET /api/import/source. */
export const ImportModuleInput = Type.Object({ moduleId: IdString });
/** Answer of GET /api/import/source: what an application keeps of its last import's source (never the password). */
export const ImportSourceSchema = Type.Object({
  url: Type.String(),
  hasContent: Type.Boolean({ description: 'a pasted or uploaded text is kept' }),
  format: Type.String(),
  basicAuthUsername: Type.String(),
  hasPassword: Type.Boolean(),
  updatedAt: EpochMs,
});
export type ImportSource = Static<typeof ImportSourceSchema>;

/** Query of GET /api/import/status. */
export const ImportStatusQuery = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) });
const Counts = Type.Object({ folders: Type.Integer(), docs: Type.Integer(), params: Type.Integer() });
/** Answer of GET /api/import/status; warnings and errors in the reader's language. */
export const ImportStatusSchema = Type.Object({
  jobId: Type.String(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  progress: Type.Integer({ description: '0-100' }),
  moduleId: Type.String({ description: "the application imported into, '' until known" }),
  format: Type.String(),
  counts: Type.Object(Counts.properties, { description: 'what the application holds after the import, counted in the database' }),
  source: Type.Union([Counts, Type.Null()], { description: 'what the source brought (as converted)' }),
  dropped: Type.Integer({ description: 'source docs not stored (duplicates of another doc)' }),
  outcome: Type.Union([
    Type.Object({
      added: Type.Integer(),
      updated: Type.Integer(),
      unchanged: Type.Integer(),
      deleted: Type.Integer(),
      skippedLocked: Type.Integer(),
    }),
    Type.Null(),
  ]),
  timings: Type.Union([Type.Object({ fetch: Type.Number(), convert: Type.Number(), merge: Type.Number() }), Type.Null()], {
    description: 'milliseconds per phase',
  }),
  warnings: Type.Array(Type.String()),
  errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String(), location: Type.String() })),
});
export type ImportStatus = Static<typeof ImportStatusSchema>;

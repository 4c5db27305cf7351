/** Search API schemas (GET /api/search and the share/compose searches): request and response, as TypeBox. */
import { type Static, Type } from 'typebox';

/** What a hit stands for. */
export const SearchKindSchema = Type.Union(
  [
    Type.Literal('doc'),
    Type.Literal('folder'),
    Type.Literal('dictionary'),
    Type.Literal('constant'),
    Type.Literal('application'),
    Type.Literal('project'),
    Type.Literal('space'),
  ],
  { description: 'doc, folder, dictionary, constant (error codes / constants page), application, project or space' },
);
export type SearchKind = 'doc' | 'folder' | 'dictionary' | 'constant' | 'application' | 'project' | 'space';

/** Character ranges [start, end) of a text that matched the query. */
const Marks = Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]));

/** One search hit. */
export const SearchHitSchema = Type.Object({
  kind: SearchKindSchema,
  id: Type.String({ description: 'id of the thing hit (a doc id for docs and folders)' }),
  docId: Type.String({ description: 'doc id for docs and folders, else empty' }),
  moduleId: Type.String(),
  projectId: Type.String(),
  spaceId: Type.String(),
  name: Type.String(),
  nameMarks: Marks,
  method: Type.String({ description: 'HTTP method of an HTTP doc, else empty' }),
  path: Type.String({ description: 'URL of an HTTP doc, interface#method of a Dubbo doc' }),
  pathMarks: Marks,
  docType: Type.Integer(),
  status: Type.Integer(),
  deprecated: Type.Integer({ minimum: 0, maximum: 1 }),
  webhook: Type.Optional(Type.String({ description: 'set on a webhook doc: its event name (a call the API makes, not an endpoint)' })),
  breadcrumb: Type.Array(Type.String(), { description: 'space › project › application › folder names' }),
  snippet: Type.Object({ text: Type.String(), marks: Marks }),
  score: Type.Number(),
});
export type SearchHit = Static<typeof SearchHitSchema>;

/** A page of hits and the number of matches in all. */
export const SearchResultSchema = Type.Object({
  list: Type.Array(SearchHitSchema),
  total: Type.Integer(),
  more: Type.Optional(Type.Boolean({ description: 'true when there are more matches than were counted: `total` is then a lower bound' })),
  suggestion: Type.Optional(
    Type.String({ description: 'for a query without results: the query with a misspelt word corrected (one edit) that has results' }),
  ),
});
export type SearchResult = Static<typeof SearchResultSchema>;

const Filters = {
  q: Type.Optional(Type.String({ maxLength: 200, description: 'words, a path (orders/12), CJK text; empty lists recent docs' })),
  kind: Type.Optional(SearchKindSchema),
  method: Type.Optional(Type.String({ maxLength: 16 })),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  deprecated: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/** Query of GET /api/search. */
export const SearchQuerySchema = Type.Object({
  ...Filters,
  spaceId: Type.Optional(Type.String({ maxLength: 64 })),
  projectId: Type.Optional(Type.String({ maxLength: 64 })),
  moduleId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SearchQuery = Static<typeof SearchQuerySchema>;

/** Query of the share (`id`) and compose (`projectId`) searches: their public id, as for their other reads. */
export const publicSearchQuerySchema = <K extends 'id' | 'projectId'>(idField: K) =>
  Type.Object({ ...Filters, [idField]: Type.String({ minLength: 1, maxLength: 64 }) } as typeof Filters &
    Record<K, ReturnType<typeof Type.String>>);
/** A share or compose search query, decoded. */
export type PublicSearchQuery = Static<ReturnType<typeof publicSearchQuerySchema<'id'>>> & { projectId?: string };

/** Answer of POST /api/admin/search/reindex: the rebuild job. */
export const ReindexJobSchema = Type.Object({ jobId: Type.String({ description: 'poll GET /api/admin/search/reindex/status?jobId=' }) });

/** Query of GET /api/admin/search/reindex/status. */
export const ReindexStatusQuery = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) });

/** A rebuild's progress: its state, percent done, the entries written once done, and its error if it failed. */
export const ReindexStatusSchema = Type.Object({
  jobId: Type.String(),
  state: Type.String({ description: 'queued, running, done or failed' }),
  progress: Type.Number(),
  entries: Type.Number(),
  error: Type.String(),
});
export type ReindexStatus = Static<typeof ReindexStatusSchema>;

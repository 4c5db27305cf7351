/** The trash: what was deleted, restoring it in place, purging it, and the retention. Request and response schemas. */
import { type Static, Type } from 'typebox';

/** What a trash item is. */
export const TrashKindSchema = Type.Union([
  Type.Literal('doc'),
  Type.Literal('folder'),
  Type.Literal('module'),
  Type.Literal('project'),
  Type.Literal('space'),
]);
export type TrashKind = Static<typeof TrashKindSchema>;

/** A deleted thing in the trash. */
export const TrashItemSchema = Type.Object({
  id: Type.String(),
  kind: TrashKindSchema,
  name: Type.String(),
  path: Type.String({ description: 'where it was: project › application › folder' }),
  spaceId: Type.String(),
  spaceName: Type.String(),
  itemCount: Type.Integer({ description: 'docs and folders the delete took' }),
  deletedBy: Type.String({ description: 'nickname of who deleted it' }),
  deletedAt: Type.Integer({ description: 'epoch ms' }),
  purgeAt: Type.Union([Type.Integer(), Type.Null()], { description: 'when it is purged for good (epoch ms), null when kept' }),
});
export type TrashListItem = Static<typeof TrashItemSchema>;

/** Query of GET /api/trash/list. */
export const TrashListQuery = Type.Object({
  spaceId: Type.Optional(Type.String({ maxLength: 64, description: 'a space; absent: every space (super admin)' })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type TrashListInput = Static<typeof TrashListQuery>;

/** A page of the trash the caller may restore, how many there are, and the retention in force. */
export const TrashPageSchema = Type.Object({
  list: Type.Array(TrashItemSchema),
  total: Type.Integer(),
  retentionDays: Type.Integer({ description: 'days before items are purged; 0 keeps them' }),
});
export type TrashListPage = Static<typeof TrashPageSchema>;

/** Body naming a trash item. */
export const TrashIdInput = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Answer of POST /api/trash/restore. */
export const TrashRestoredSchema = Type.Object({
  restored: Type.Integer({ description: 'rows brought back' }),
  movedToRoot: Type.Boolean({ description: "true when the folder it was in is gone, so it was put at its application's top" }),
});
export type TrashRestored = Static<typeof TrashRestoredSchema>;

/** Body of POST /api/trash/setting. */
export const RetentionInput = Type.Object({
  retentionDays: Type.Integer({ minimum: 0, maximum: 3650, description: 'days before deleted items are purged; 0 keeps them' }),
});

/** What a delete answers: the trash item that can undo it. */
export const TrashedSchema = Type.Object({
  trashId: Type.String({ description: 'trash item id (POST /api/trash/restore undoes the delete)' }),
});

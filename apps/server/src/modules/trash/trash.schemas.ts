/** Schemas of the trash API. */
import { Type } from 'typebox';
import { okResponse } from '../../plugins/envelope.js';

/** What a delete answers: the trash item that can undo it. */
export const trashed = okResponse(
  Type.Object({ trashId: Type.String({ description: 'trash item id (POST /api/trash/restore undoes the delete)' }) }),
);

export const TrashItemView = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('doc'), Type.Literal('folder'), Type.Literal('module'), Type.Literal('project'), Type.Literal('space')]),
  name: Type.String(),
  path: Type.String({ description: 'where it was: project › application › folder' }),
  spaceId: Type.String(),
  spaceName: Type.String(),
  itemCount: Type.Integer({ description: 'docs and folders the delete took' }),
  deletedBy: Type.String({ description: 'nickname of who deleted it' }),
  deletedAt: Type.Integer({ description: 'epoch ms' }),
  purgeAt: Type.Union([Type.Integer(), Type.Null()], { description: 'when it is purged for good (epoch ms), null when kept' }),
});

export const TrashListQuery = Type.Object({
  spaceId: Type.Optional(Type.String({ maxLength: 64, description: 'a space; absent: every space (super admin)' })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const TrashList = okResponse(Type.Object({ list: Type.Array(TrashItemView), total: Type.Integer(), retentionDays: Type.Integer() }));

export const TrashIdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const RestoreAnswer = okResponse(Type.Object({ restored: Type.Integer(), movedToRoot: Type.Boolean() }));

export const RetentionBody = Type.Object({
  retentionDays: Type.Integer({ minimum: 0, maximum: 3650, description: 'days before deleted items are purged; 0 keeps them' }),
});

/** Dictionaries (enum info and items) of an application. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { insertId, inTx } from '../../db/database.js';
import { conflict, notFound } from '../../lib/errors.js';
import { IdString, Name, OptionalId } from '../../lib/schemas.js';
import { authorizeModule } from '../../permissions/authorize.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { indexModuleExtras } from '../search/search-index.js';
import { enumDataId, upsertEnum } from './dictionaries.service.js';

const ItemFields = {
  name: Name(255),
  type: Type.Optional(Type.String({ maxLength: 64 })),
  value: Type.Optional(Type.String({ maxLength: 1024 })),
  description: Type.Optional(Type.String({ maxLength: 16000 })),
};

export async function dictionariesRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids } = app.ctx;

  /** The module of a live dictionary, or not_found. */
  async function enumModule(enumId: number): Promise<number> {
    const e = await db.selectFrom('enumInfos').select('moduleId').where('id', '=', enumId).where('isDeleted', '=', 0).executeTakeFirst();
    if (!e) throw notFound('dictionary');
    return e.moduleId;
  }

  /** Rebuilds the search entries of an application's dictionaries after a write. */
  const reindex = (moduleId: number) => inTx(db, (tx) => indexModuleExtras(app.ctx, tx, [moduleId]));

  app.get(
    '/doc/enum/info/baselist',
    {
      schema: {
        tags: ['dictionary'],
        querystring: Type.Object({ moduleId: IdString }),
        response: okResponse(
          Type.Array(Type.Object({ id: Type.String(), name: Type.String(), description: Type.String(), moduleId: Type.String() })),
        ),
      },
    },
    async (req) => {
      const moduleId = ids.decode((req.query as { moduleId: string }).moduleId, 'module');
      await authorizeModule(req, moduleId, 'doc.read');
      const rows = await db
        .selectFrom('enumInfos')
        .select(['id', 'name', 'description'])
        .where('moduleId', '=', moduleId)
        .where('isDeleted', '=', 0)
        .orderBy('name')
        .execute();
      return ok(rows.map((r) => ({ id: ids.encode(r.id), name: r.name, description: r.description, moduleId: ids.encode(moduleId) })));
    },
  );

  app.get('/doc/enum/item/list', { schema: { tags: ['dictionary'], querystring: Type.Object({ enumId: IdString }) } }, async (req) => {
    const enumId = ids.decode((req.query as { enumId: string }).enumId, 'dictionary');
    await authorizeModule(req, await enumModule(enumId), 'doc.read');
    const rows = await db.selectFrom('enumItems').selectAll().where('enumId', '=', enumId).orderBy('orderIndex').orderBy('id').execute();
    return ok(
      rows.map((r) => ({
        id: ids.encode(r.id),
        enumId: ids.encode(r.enumId),
        name: r.name,
        type: r.type,
        value: r.value,
        description: r.description,
        orderIndex: r.orderIndex,
      })),
    );
  });

  app.post(
    '/doc/enum/info/save',
    {
      schema: {
        tags: ['dictionary'],
        body: Type.Object({
          id: OptionalId,
          moduleId: IdString,
          name: Name(255),
          description: Type.Optional(Type.String({ maxLength: 16000 })),
          items: Type.Optional(Type.Array(Type.Object(ItemFields), { maxItems: 1000 })),
        }),
        response: okResponse(Type.Object({ id: Type.String() })),
      },
    },
    async (req) => {
      const b = req.body as { id?: string; moduleId: string; name: string; description?: string; items?: { name: string }[] };
      const moduleId = ids.decode(b.moduleId, 'module');
      await authorizeModule(req, moduleId, 'dictionary.update');
      const name = b.name.trim();
      const editId = b.id ? ids.decode(b.id, 'dictionary') : 0;
      if (editId && (await enumModule(editId)) !== moduleId) throw notFound('dictionary');
      const id = await inTx(db, async (tx) => {
        const clash = await tx
          .selectFrom('enumInfos')
          .select(['id', 'isDeleted'])
          .where('moduleId', '=', moduleId)
          .where('dataId', '=', enumDataId(moduleId, name))
          .executeTakeFirst();
        if (editId) {
          const id = editId;
          if (clash && clash.id !== id) {
            if (!clash.isDeleted) throw conflict('error.enum_name_exists', { name }, 'duplicate');
            await tx.deleteFrom('enumItems').where('enumId', '=', clash.id).execute();
            await tx.deleteFrom('enumInfos').where('id', '=', clash.id).execute();
          }
          const patch: Record<string, unknown> = { name, dataId: enumDataId(moduleId, name), updatedAt: Date.now() };
          if (b.description !== undefined) patch.description = b.description;
          await tx.updateTable('enumInfos').set(patch).where('id', '=', id).execute();
          return id;
        }
        if (clash && !clash.isDeleted) throw conflict('error.enum_name_exists', { name }, 'duplicate');
        return upsertEnum(tx, app, moduleId, { name, description: b.description ?? '', items: b.items });
      });
      await reindex(moduleId);
      return ok({ id: ids.encode(id) });
    },
  );

  app.post(
    '/doc/enum/info/delete',
    { schema: { tags: ['dictionary'], body: Type.Object({ id: IdString }), response: okNull } },
    async (req) => {
      const id = ids.decode((req.body as { id: string }).id, 'dictionary');
      const moduleId = await enumModule(id);
      await authorizeModule(req, moduleId, 'dictionary.update');
      await db.updateTable('enumInfos').set({ isDeleted: 1, updatedAt: Date.now() }).where('id', '=', id).execute();
      await reindex(moduleId);
      return ok(null);
    },
  );

  app.post(
    '/doc/enum/item/save',
    {
      schema: {
        tags: ['dictionary'],
        body: Type.Object({ id: OptionalId, enumId: IdString, ...ItemFields, orderIndex: Type.Optional(Type.Integer()) }),
        response: okResponse(Type.Object({ id: Type.String() })),
      },
    },
    async (req) => {
      const b = req.body as {
        id?: string;
        enumId: string;
        name: string;
        type?: string;
        value?: string;
        description?: string;
        orderIndex?: number;
      };
      const enumId = ids.decode(b.enumId, 'dictionary');
      const moduleId = await enumModule(enumId);
      await authorizeModule(req, moduleId, 'dictionary.update');
      const name = b.name.trim();
      const id = await inTx(db, async (tx) => {
        const itemId = b.id ? ids.decode(b.id, 'item') : 0;
        const clash = await tx
          .selectFrom('enumItems')
          .select('id')
          .where('enumId', '=', enumId)
          .where('name', '=', name)
          .where('id', '!=', itemId)
          .executeTakeFirst();
        if (clash) throw conflict('error.enum_item_exists', { name }, 'duplicate');
        const values: Record<string, unknown> = { name };
        if (b.type !== undefined) values.type = b.type.trim() || 'string';
        if (b.value !== undefined) values.value = b.value;
        if (b.description !== undefined) values.description = b.description;
        if (b.orderIndex !== undefined) values.orderIndex = b.orderIndex;
        if (itemId) {
          const r = await tx.updateTable('enumItems').set(values).where('id', '=', itemId).where('enumId', '=', enumId).executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) throw notFound('item');
          return itemId;
        }
        if (values.orderIndex === undefined) {
          const max = await tx
            .selectFrom('enumItems')
            .select((eb) => eb.fn.max('orderIndex').as('m'))
            .where('enumId', '=', enumId)
            .executeTakeFirst();
          values.orderIndex = Number(max?.m ?? 0) + 10;
        }
        return insertId(tx, dialect, 'enumItems', { enumId, ...values });
      });
      await reindex(moduleId);
      return ok({ id: ids.encode(id) });
    },
  );

  app.post(
    '/doc/enum/item/delete',
    { schema: { tags: ['dictionary'], body: Type.Object({ id: IdString }), response: okNull } },
    async (req) => {
      const id = ids.decode((req.body as { id: string }).id, 'item');
      const item = await db.selectFrom('enumItems').select('enumId').where('id', '=', id).executeTakeFirst();
      if (!item) throw notFound('item');
      const moduleId = await enumModule(item.enumId);
      await authorizeModule(req, moduleId, 'dictionary.update');
      await db.deleteFrom('enumItems').where('id', '=', id).execute();
      await reindex(moduleId);
      return ok(null);
    },
  );
}

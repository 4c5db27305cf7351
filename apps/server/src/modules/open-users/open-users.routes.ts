/**
 * Open users of a space (/space/openuser): app key + secret pairs for clients that still sign open-API
 * calls. Secrets are encrypted at rest and shown once, when created or reset. Space admins only.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { insertId } from '../../db/database.js';
import { encrypt } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import { IdString } from '../../lib/schemas.js';
import { authorizeSpace } from '../../permissions/authorize.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';

const newAppKey = () => `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(8).toString('hex')}`;
const newSecret = () => randomBytes(24).toString('base64url');

export async function openUsersRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids } = app.ctx;

  /** Loads an open user and authorizes the caller on its space. */
  async function load(req: FastifyRequest, id: string) {
    const row = await db
      .selectFrom('openUsers')
      .selectAll()
      .where('id', '=', ids.decode(id, 'openUser'))
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound('openUser');
    await authorizeSpace(req, row.spaceId, 'space.manageOpenUsers');
    return row;
  }

  const view = (r: { id: number; appKey: string; secretEnc: string; status: number; applicant: string; createdAt: number }) => ({
    id: ids.encode(r.id),
    appKey: r.appKey,
    hasSecret: !!r.secretEnc,
    status: r.status,
    applicant: r.applicant,
    gmtCreate: Number(r.createdAt),
  });

  app.get(
    '/space/openuser/list',
    { config: { action: 'space.manageOpenUsers' }, schema: { tags: ['space'], querystring: Type.Object({ spaceId: IdString }) } },
    async (req) => {
      const spaceId = ids.decode((req.query as { spaceId: string }).spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageOpenUsers');
      const rows = await db
        .selectFrom('openUsers')
        .selectAll()
        .where('spaceId', '=', spaceId)
        .where('isDeleted', '=', 0)
        .orderBy('id', 'desc')
        .execute();
      return ok(rows.map(view));
    },
  );

  app.post(
    '/space/openuser/add',
    {
      config: { action: 'space.manageOpenUsers' },
      schema: { tags: ['space'], body: Type.Object({ spaceId: IdString, applicant: Type.Optional(Type.String({ maxLength: 128 })) }) },
    },
    async (req) => {
      const b = req.body as { spaceId: string; applicant?: string };
      const spaceId = ids.decode(b.spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageOpenUsers');
      const secret = newSecret();
      const row = {
        appKey: newAppKey(),
        secretEnc: encrypt(app.ctx.installKey, secret),
        status: 1,
        applicant: (b.applicant ?? '').trim(),
        spaceId,
        createdAt: Date.now(),
        isDeleted: 0,
      };
      const id = await insertId(db, app.ctx.dialect, 'openUsers', row);
      await audit(app, req, AuditAction.OPEN_USER_CHANGE, row.appKey, { op: 'add', spaceId: b.spaceId });
      return ok({ ...view({ ...row, id }), secret });
    },
  );

  app.post(
    '/space/openuser/resetSecret',
    { config: { action: 'space.manageOpenUsers' }, schema: { tags: ['space'], body: Type.Object({ id: IdString }) } },
    async (req) => {
      const row = await load(req, (req.body as { id: string }).id);
      const secret = newSecret();
      await db
        .updateTable('openUsers')
        .set({ secretEnc: encrypt(app.ctx.installKey, secret) })
        .where('id', '=', row.id)
        .execute();
      await audit(app, req, AuditAction.TOKEN_RESET, row.appKey, { op: 'openuser.resetSecret' });
      return ok({ ...view(row), secret });
    },
  );

  app.post(
    '/space/openuser/setStatus',
    {
      config: { action: 'space.manageOpenUsers' },
      schema: {
        tags: ['space'],
        body: Type.Object({ id: IdString, status: Type.Integer({ minimum: 0, maximum: 1 }) }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { id: string; status: number };
      const row = await load(req, b.id);
      await db.updateTable('openUsers').set({ status: b.status }).where('id', '=', row.id).execute();
      await audit(app, req, AuditAction.OPEN_USER_CHANGE, row.appKey, { op: b.status ? 'enable' : 'disable' });
      return ok(null);
    },
  );

  app.post(
    '/space/openuser/delete',
    { config: { action: 'space.manageOpenUsers' }, schema: { tags: ['space'], body: Type.Object({ id: IdString }), response: okNull } },
    async (req) => {
      const row = await load(req, (req.body as { id: string }).id);
      // The app key stays unique: a deleted row keeps it, so a new pair never reuses a leaked key.
      await db.updateTable('openUsers').set({ isDeleted: 1, secretEnc: '' }).where('id', '=', row.id).execute();
      await audit(app, req, AuditAction.OPEN_USER_CHANGE, row.appKey, { op: 'delete' });
      return ok(null);
    },
  );
}

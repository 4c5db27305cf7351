/**
 * Open users of a space: app key + secret pairs. Secrets are encrypted at rest and answered once, when a pair
 * is created or its secret reset. No HTTP types: routes decode and authorise, then call these.
 */
import { randomBytes } from 'node:crypto';
import type { OpenUser, OpenUserWithSecret } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { encrypt } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import { defineResource } from '../../permissions/declared.js';
import * as repo from './open-users.repo.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids' | 'installKey'>;

// An open user is managed with the role in its space.
defineResource('openUser', async (ctx, id) => {
  const row = await repo.findOpenUser(ctx.db, id);
  return row && { kind: 'space', id: row.spaceId };
});

const newAppKey = () => `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(8).toString('hex')}`;
const newSecret = () => randomBytes(24).toString('base64url');

const present = (ctx: Ctx, r: Omit<repo.OpenUserRow, 'spaceId' | 'isDeleted'>): OpenUser => ({
  id: ctx.ids.encode(r.id),
  appKey: r.appKey,
  hasSecret: !!r.secretEnc,
  status: r.status,
  applicant: r.applicant,
  gmtCreate: Number(r.createdAt),
});

/** The live open user of a row id (after declared authorisation found it). */
export async function loadOpenUser(ctx: Ctx, id: number): Promise<repo.OpenUserRow> {
  const row = await repo.findOpenUser(ctx.db, id);
  if (!row) throw notFound('openUser');
  return row;
}

/** The open users of a space, newest first. */
export async function listOpenUsers(ctx: Ctx, spaceId: number): Promise<OpenUser[]> {
  return (await repo.listOpenUsers(ctx.db, spaceId)).map((r) => present(ctx, r));
}

/** Creates a pair for the space; answers it with its secret. */
export async function addOpenUser(ctx: Ctx, spaceId: number, applicant: string | undefined): Promise<OpenUserWithSecret> {
  const secret = newSecret();
  const row = {
    appKey: newAppKey(),
    secretEnc: encrypt(ctx.installKey, secret),
    status: 1,
    applicant: (applicant ?? '').trim(),
    spaceId,
    createdAt: Date.now(),
    isDeleted: 0,
  };
  const id = await repo.insertOpenUser(ctx.db, ctx.dialect, row);
  return { ...present(ctx, { ...row, id }), secret };
}

/** Gives a pair a new secret; answers it with the secret. */
export async function resetOpenUserSecret(ctx: Ctx, row: repo.OpenUserRow): Promise<OpenUserWithSecret> {
  const secret = newSecret();
  await repo.updateOpenUser(ctx.db, row.id, { secretEnc: encrypt(ctx.installKey, secret) });
  return { ...present(ctx, row), secret };
}

/** Turns a pair on (1) or off (0). */
export async function setOpenUserStatus(ctx: Ctx, id: number, status: number): Promise<void> {
  await repo.updateOpenUser(ctx.db, id, { status });
}

/** Deletes a pair. The app key stays unique: a deleted row keeps it, so a new pair never reuses a leaked key. */
export async function deleteOpenUser(ctx: Ctx, id: number): Promise<void> {
  await repo.updateOpenUser(ctx.db, id, { isDeleted: 1, secretEnc: '' });
}

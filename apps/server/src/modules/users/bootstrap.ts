/** Creates the first super admin `admin` when the database has no user. */
import type { FastifyInstance } from 'fastify';
import { hashPassword, randomPassword } from '../../lib/crypto.js';

export async function ensureFirstAdmin(app: FastifyInstance, configured: string | undefined): Promise<void> {
  const { db } = app.ctx;
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const password = configured ?? randomPassword(16);
  const now = Date.now();
  try {
    await db
      .insertInto('users')
      .values({
        username: 'admin',
        passwordHash: await hashPassword(password),
        nickname: 'admin',
        email: '',
        isSuperAdmin: 1,
        status: 1,
        source: 'backend',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  } catch {
    return; // another process created it
  }
  if (!configured) {
    // Printed once, on the first boot only: the operator must note it.
    const line = `First start: created super admin "admin" with password: ${password}`;
    app.log.warn(line);
    if (!app.log.level || app.log.level === 'silent') console.log(line);
  }
}

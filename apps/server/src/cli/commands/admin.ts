/** `folio admin user add|reset-password|disable|enable|make-super`: accounts, straight on the database. */
import type { CliCommand } from '../command.js';
import { CliError, io, parse, progress, runCommand, usageError } from '../lib.js';

const usage = `
folio admin user add <username> [--password <pw>] [--nickname <n>] [--email <e>] [--super]
folio admin user reset-password <username> [--password <pw>]
folio admin user disable <username>
folio admin user enable <username>
folio admin user make-super <username> [--revoke]
folio admin reindex


Works on the database in DATABASE_URL (or --database-url), so it also rescues an installation where no
admin can log in. Without --password a random one is printed and must be changed at the first login.
Disabling a user or resetting a password ends the user's sessions.
`;

export const command: CliCommand = {
  name: 'admin',
  summary: 'manage accounts on the database (admin user add|reset-password|disable|enable|make-super), rebuild search (admin reindex)',
  usage,
  run: (args) =>
    runCommand(
      usage,
      async () => {
        const { values, positionals } = parse(args, {
          'database-url': { type: 'string' },
          password: { type: 'string' },
          nickname: { type: 'string' },
          email: { type: 'string' },
          super: { type: 'boolean' },
          revoke: { type: 'boolean' },
        });
        const [group, action, username] = positionals;
        if (group === 'reindex') return reindex(values['database-url']);
        const actions = ['add', 'reset-password', 'disable', 'enable', 'make-super'];
        if (group !== 'user' || !actions.includes(action))
          throw usageError(`expected \`folio admin user <${actions.join('|')}> <username>\``);
        if (!username) throw usageError('a username is required');
        if (values.password !== undefined && values.password.length < 8) throw usageError('--password must be at least 8 characters');
        const { UserStatus } = await import('@folio/shared');
        const { hashPassword, randomPassword } = await import('../../lib/crypto.js');
        const { openCliDatabase, requireMigrated } = await import('../database.js');
        const h = await openCliDatabase(values['database-url']);
        try {
          await requireMigrated(h);
          const { db } = h;
          const now = Date.now();
          const user = await db.selectFrom('users').select(['id', 'status']).where('username', '=', username).executeTakeFirst();
          const endSessions = (id: number) =>
            db.updateTable('userSessions').set({ revokedAt: now }).where('userId', '=', id).where('revokedAt', 'is', null).execute();
          if (action === 'add') {
            if (user) throw new CliError(`user "${username}" already exists`);
            if (username.length > 64 || !/^[\w.@-]+$/.test(username))
              throw usageError('username: letters, digits and . _ - @ (at most 64)');
            const password = values.password ?? randomPassword(12);
            await db
              .insertInto('users')
              .values({
                username,
                passwordHash: await hashPassword(password),
                nickname: values.nickname ?? username,
                email: values.email ?? '',
                isSuperAdmin: values.super ? 1 : 0,
                status: values.password ? UserStatus.ENABLED : UserStatus.SET_PASSWORD,
                source: 'backend',
                createdAt: now,
                updatedAt: now,
              })
              .execute();
            io.out(`created user "${username}"${values.super ? ' (super admin)' : ''}\n`);
            if (!values.password) io.out(`password (to change at the first login): ${password}\n`);
            return 0;
          }
          if (!user) throw new CliError(`no user "${username}"`);
          if (action === 'reset-password') {
            const password = values.password ?? randomPassword(12);
            await db
              .updateTable('users')
              .set({
                passwordHash: await hashPassword(password),
                status: user.status === UserStatus.DISABLED ? user.status : values.password ? UserStatus.ENABLED : UserStatus.SET_PASSWORD,
                updatedAt: now,
              })
              .where('id', '=', user.id)
              .execute();
            await endSessions(user.id);
            io.out(`password of "${username}" reset${values.password ? '' : `: ${password} (to change at the next login)`}\n`);
          } else if (action === 'disable') {
            await db.updateTable('users').set({ status: UserStatus.DISABLED, updatedAt: now }).where('id', '=', user.id).execute();
            await endSessions(user.id);
            io.out(`user "${username}" disabled\n`);
          } else if (action === 'enable') {
            if (user.status === UserStatus.DISABLED)
              await db.updateTable('users').set({ status: UserStatus.ENABLED, updatedAt: now }).where('id', '=', user.id).execute();
            io.out(`user "${username}" enabled\n`);
          } else {
            await db
              .updateTable('users')
              .set({ isSuperAdmin: values.revoke ? 0 : 1, updatedAt: now })
              .where('id', '=', user.id)
              .execute();
            io.out(`user "${username}" ${values.revoke ? 'is no longer' : 'is now'} a super admin\n`);
          }
          return 0;
        } finally {
          await h.destroy();
        }
      },
      args,
    ),
};

/** Rebuilds the search index of the installation in DATABASE_URL (what the admin console's button does). */
async function reindex(databaseUrl: string | undefined): Promise<number> {
  const { loadConfig } = await import('../../config.js');
  const { openDatabase } = await import('../../db/database.js');
  const { buildApp } = await import('../../app.js');
  const { reindexAll } = await import('../../modules/search/search-rebuild.js');
  const config = loadConfig({ ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), LOG_LEVEL: 'silent' });
  const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
  const app = await buildApp({ config, database, logger: false, workers: false });
  const bar = progress('reindex');
  try {
    const entries = await reindexAll(app.ctx, async (pct) => bar.update(pct, 100));
    bar.done();
    io.out(`search index rebuilt: ${entries} entries\n`);
    return 0;
  } finally {
    await app.close();
  }
}

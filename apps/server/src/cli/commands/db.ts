/** `folio db migrate|status`: the schema of the database in DATABASE_URL. */
import type { CliCommand } from '../command.js';
import { CliError, io, parse, runCommand, usageError } from '../lib.js';

const usage = `
folio db migrate [--database-url <url>]   apply pending migrations (the server also does it at start)
folio db status  [--database-url <url>]   list applied and pending migrations; exits 3 when some are pending

The database is DATABASE_URL (sqlite:<file>, postgres://…, mysql://…), default sqlite:./data/folio.db.
`;

export const command: CliCommand = {
  name: 'db',
  summary: 'apply or list database migrations (db migrate | db status)',
  usage,
  run: (args) =>
    runCommand(
      usage,
      async () => {
        const { values, positionals } = parse(args, { 'database-url': { type: 'string' } });
        const sub = positionals[0];
        if (sub !== 'migrate' && sub !== 'status') throw usageError('expected `folio db migrate` or `folio db status`');
        const { migrate, migratorOf } = await import('../../db/database.js');
        const { openCliDatabase, redact } = await import('../database.js');
        const h = await openCliDatabase(values['database-url']);
        try {
          const url = redact(values['database-url'] || process.env.DATABASE_URL || 'sqlite:./data/folio.db');
          if (sub === 'migrate') {
            let done: string[];
            try {
              done = await migrate(h.db, h.dialect);
            } catch (e) {
              throw new CliError((e as Error).message);
            }
            io.out(done.length ? `${url}: applied ${done.length} migration(s): ${done.join(', ')}\n` : `${url}: up to date\n`);
            return 0;
          }
          const list = await (await migratorOf(h.db, h.dialect)).getMigrations();
          for (const m of list) io.out(`${m.executedAt ? 'applied' : 'pending'}  ${m.name}\n`);
          const pending = list.filter((m) => !m.executedAt).length;
          io.out(`${url} (${h.dialect}): ${list.length - pending} applied, ${pending} pending\n`);
          return pending ? 3 : 0;
        } finally {
          await h.destroy();
        }
      },
      args,
    ),
};

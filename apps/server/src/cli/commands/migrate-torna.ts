/** `folio migrate-torna --from mysql://…/torna|postgres://…/torna [--dry-run] [--salt …] [--timezone …]`: a whole Torna install into this Folio. */
import type { CliCommand } from '../command.js';

const usage = `Usage: folio migrate-torna --from mysql://user:password@host:3306/torna [options]
       folio migrate-torna --from postgres://user:password@host:5432/torna [options]

Moves a whole Torna installation (users, spaces, projects, applications, docs, params, dictionaries, history,
shares, compose projects, settings …) into the Folio database named by DATABASE_URL, exactly as the server
uses it (Folio's migrations run first when the database is new). Torna's database is only read.
Ids, push tokens, password hashes and Torna's Hashids salt are kept, so old links and smart-doc configs
keep working. Run it into an empty Folio, or again into one holding a previous run (it updates, never
duplicates); an interrupted run resumes at the first space it had not finished.

Options:
  --from URL        Torna's database (required): mysql:// or mariadb:// (what Torna ships), or postgres://
                    for a Torna database moved to PostgreSQL (?schema=NAME picks its schema); an H2 file is
                    exported to MariaDB first (docs/migrating-from-torna.md)
  --dry-run         only count what would be moved, write nothing
  --salt TEXT       Torna's Hashids salt if it was changed (default: Torna's @r9#8e.N$z>09=dG)
  --timezone TZ     time zone Torna's datetimes were written in, e.g. +08:00 (default: this machine's)
  -h, --help        this text`;

/** Parses the options; throws with a readable message. */
export function parseArgs(args: string[]): { from: string; dryRun: boolean; salt?: string; timezone?: string; help: boolean } {
  const out: { from: string; dryRun: boolean; salt?: string; timezone?: string; help: boolean } = { from: '', dryRun: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [name, inline] =
      a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === '') throw new Error(`${name} needs a value`);
      return v;
    };
    if (name === '--from') out.from = value();
    else if (name === '--dry-run') out.dryRun = true;
    else if (name === '--salt') out.salt = value();
    else if (name === '--timezone') out.timezone = value();
    else if (name === '-h' || name === '--help') out.help = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (!out.help && !out.from) throw new Error('--from is required');
  return out;
}

export const command: CliCommand = {
  name: 'migrate-torna',
  summary: 'move a whole Torna installation (MySQL, PostgreSQL) into this Folio, keeping ids, links, tokens and passwords',
  usage,
  async run(args) {
    let opts: ReturnType<typeof parseArgs>;
    try {
      opts = parseArgs(args);
    } catch (err) {
      console.error(`folio migrate-torna: ${(err as Error).message}\n\n${usage}`);
      return 2;
    }
    if (opts.help) {
      console.log(usage);
      return 0;
    }
    // Loaded when the command runs, so other folio commands do not load the migration's code.
    const { loadConfig } = await import('../../config.js');
    const { migrate, openDatabase } = await import('../../db/database.js');
    const { formatReport, migrateTorna } = await import('../../modules/torna-migration/migration.js');
    const config = loadConfig(process.env);
    const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
    try {
      if (!opts.dryRun) {
        const ran = await migrate(database.db, database.dialect);
        if (ran.length) console.log(`Folio database prepared (${ran.length} migrations)`);
      }
      const report = await migrateTorna({
        from: opts.from,
        target: database,
        salt: opts.salt,
        dryRun: opts.dryRun,
        timezone: opts.timezone,
        secretKey: config.secretKey,
        progress: (m) => console.log(m),
      });
      console.log(formatReport(report));
      return 0;
    } catch (err) {
      console.error(`folio migrate-torna: ${(err as Error).message}`);
      return 1;
    } finally {
      await database.destroy();
    }
  },
};

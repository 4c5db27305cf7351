/** Opening the installation's database from the command line, as the server does (DATABASE_URL). */
import { sql } from 'kysely';
import { ConfigError, parseDatabaseUrl } from '../config.js';
import { type DatabaseHandle, migratorOf, openDatabase } from '../db/database.js';
import { CliError } from './lib.js';

/** Opens DATABASE_URL (or the given URL) and checks the database answers; a failure is a CliError. */
export async function openCliDatabase(url: string | undefined): Promise<DatabaseHandle> {
  const databaseUrl = url || process.env.DATABASE_URL || 'sqlite:./data/folio.db';
  let parsed: ReturnType<typeof parseDatabaseUrl>;
  try {
    parsed = parseDatabaseUrl(databaseUrl);
  } catch (e) {
    throw new CliError(e instanceof ConfigError ? e.message : String(e), 2);
  }
  let handle: DatabaseHandle;
  try {
    handle = openDatabase(parsed.dialect, databaseUrl, parsed.sqlitePath);
    await sql`select 1`.execute(handle.db);
  } catch (e) {
    throw new CliError(`cannot open the database ${redact(databaseUrl)}: ${describe(e)}`);
  }
  return handle;
}

/** Throws unless every migration has run (commands that read or write rows need the current schema). */
export async function requireMigrated(h: DatabaseHandle): Promise<void> {
  const list = await (await migratorOf(h.db, h.dialect)).getMigrations();
  const pending = list.filter((m) => !m.executedAt).length;
  if (pending) throw new CliError(`the database has ${pending} pending migration(s): run \`folio db migrate\` (or start the server) first`);
}

/** A database URL without its password. */
export const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

export function describe(e: unknown): string {
  const err = e as { code?: string; message?: string; errors?: { message?: string }[] };
  if (err?.errors?.length) return err.errors.map((x) => x.message).join('; ');
  return [err?.code, err?.message].filter(Boolean).join(' ') || String(e);
}

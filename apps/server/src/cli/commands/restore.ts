/** `folio restore <file> --database-url <url>`: a backup into an empty database of any dialect. */
import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { Kysely } from 'kysely';
import { parseDatabaseUrl } from '../../config.js';
import type { Manifest } from '../archive.js';
import type { CliCommand } from '../command.js';
import { CliError, io, need, parse, progress, runCommand, usageError } from '../lib.js';

const usage = `
folio restore <file.zip> --database-url <url> --passphrase <secret> [--upload-dir <dir>]

Restores a \`folio backup\` archive into an EMPTY database of any dialect: sqlite:<new file>,
postgres://user:pw@host:5432/db or mysql://user:pw@host:3306/db. It creates the schema (the backup's
migrations, then any newer ones), inserts every table, sets the id sequences, writes the uploaded files
and the install secrets. Then start Folio with DATABASE_URL=<url> (and the same FOLIO_UPLOAD_DIR).

Options:
  --database-url <u>   the empty target database (or DATABASE_URL)
  --passphrase <p>     the backup's passphrase (or FOLIO_BACKUP_PASSPHRASE)
  --upload-dir <dir>   where to write uploads (default FOLIO_UPLOAD_DIR, beside the SQLite file, or ./data/uploads)
`;

/** Extracts the zip into a directory (entries confined to it). */
async function extract(file: string, dir: string): Promise<void> {
  const { Unzip, UnzipInflate } = await import('fflate');
  let bad: Error | null = null;
  const uz = new Unzip((entry) => {
    const target = normalize(join(dir, entry.name));
    if (!target.startsWith(dir + sep) || entry.name.endsWith('/')) return;
    mkdirSync(dirname(target), { recursive: true });
    const out = openSync(target, 'w');
    entry.ondata = (err, data, final) => {
      if (err) bad = err;
      else writeSync(out, data);
      if (final || err) closeSync(out);
    };
    entry.start();
  });
  uz.register(UnzipInflate);
  try {
    for await (const chunk of createReadStream(file)) uz.push(chunk as Buffer, false);
    uz.push(new Uint8Array(0), true);
  } catch (e) {
    throw new CliError(`${file} is not a readable Folio backup: ${(e as Error).message}`);
  }
  if (bad) throw new CliError(`${file} is damaged: ${(bad as Error).message}`);
}

/** The rows of an extracted table file, a batch at a time. */
async function* batches(path: string, size = 2000): AsyncGenerator<unknown[][]> {
  let batch: unknown[][] = [];
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    batch.push(JSON.parse(line));
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

export const command: CliCommand = {
  name: 'restore',
  summary: 'restore a backup into an empty SQLite, PostgreSQL or MySQL/MariaDB database',
  usage,
  run: (args) =>
    runCommand(
      usage,
      async () => {
        const { values, positionals } = parse(args, {
          passphrase: { type: 'string' },
          'database-url': { type: 'string' },
          'upload-dir': { type: 'string' },
        });
        if (positionals.length !== 1) throw usageError('give the backup archive to restore');
        const url = need(values['database-url'] || process.env.DATABASE_URL, '--database-url (or DATABASE_URL)');
        const passphrase = need(values.passphrase ?? process.env.FOLIO_BACKUP_PASSPHRASE, '--passphrase (or FOLIO_BACKUP_PASSPHRASE)');
        const { sql } = await import('kysely');
        const { migratorOf } = await import('../../db/database.js');
        const { ARCHIVE_FORMAT, fixSequences, insertRows, listTables, SECRET_PREFIX, unseal, uploadDirFor } = await import('../archive.js');
        const { openCliDatabase, redact } = await import('../database.js');
        const dir = await mkdtemp(join(tmpdir(), 'folio-restore-'));
        try {
          await extract(positionals[0], dir);
          const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8').catch(() => '{}')) as Manifest;
          if (manifest.format !== ARCHIVE_FORMAT) throw new CliError(`${positionals[0]} is not a Folio backup (no manifest)`);
          const secrets = await unseal<Record<string, string>>(passphrase, manifest.secrets);
          const h = await openCliDatabase(url);
          try {
            if ((await listTables(h.db, h.dialect)).length)
              throw new CliError(`${redact(url)} is not empty: restore needs an empty database (it creates the schema itself)`);
            const migrator = await migratorOf(h.db, h.dialect);
            const known = (await migrator.getMigrations()).map((m) => m.name);
            const unknown = manifest.migrations.filter((m) => !known.includes(m));
            if (unknown.length) throw new CliError(`the backup comes from a newer Folio (migrations ${unknown.join(', ')}): upgrade first`);
            // The schema the rows were written for; newer migrations run after the rows are in.
            const last = manifest.migrations[manifest.migrations.length - 1];
            const step = last ? await migrator.migrateTo(last) : await migrator.migrateToLatest();
            if (step.error) throw new CliError(`migration failed: ${(step.error as Error).message}`);
            const raw = h.db.withoutPlugins() as unknown as Kysely<any>;
            const present = new Map((await listTables(h.db, h.dialect)).map((t) => [t.name, t.columns]));
            const total = manifest.tables.reduce((s, t) => s + t.rows, 0);
            const bar = progress('restoring');
            let done = 0;
            await raw.transaction().execute(async (tx) => {
              for (const t of manifest.tables) {
                const cols = present.get(t.name);
                if (!cols) throw new CliError(`the backup's table ${t.name} does not exist in the schema`);
                const missing = t.columns.filter((c) => !cols.includes(c));
                if (missing.length) throw new CliError(`table ${t.name} has no column(s) ${missing.join(', ')}`);
                // Migrations may seed rows; the backup has the installation's own.
                await tx.deleteFrom(t.name).execute();
                const keyAt = t.columns.indexOf('config_key');
                const valueAt = t.columns.indexOf('config_value');
                for await (const rows of batches(join(dir, 'tables', `${t.name}.jsonl`))) {
                  if (t.name === 'system_configs') {
                    for (const r of rows) {
                      const k = String(r[keyAt]);
                      if (k.startsWith(SECRET_PREFIX) && secrets[k] !== undefined) r[valueAt] = secrets[k];
                    }
                  }
                  await insertRows(tx, t.name, t.columns, rows);
                  done += rows.length;
                  bar.update(done, total);
                }
              }
              await fixSequences(
                tx,
                h.dialect,
                manifest.tables.filter((t) => t.columns.includes('id')).map((t) => t.name),
              );
            });
            const rest = await migrator.migrateToLatest();
            if (rest.error) throw new CliError(`migration failed: ${(rest.error as Error).message}`);
            if (h.dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(raw);
            bar.done();
            const { dialect, sqlitePath } = parseDatabaseUrl(url);
            const uploadDir = uploadDirFor(dialect, sqlitePath, values['upload-dir']);
            if (manifest.uploads) await cp(join(dir, 'uploads'), uploadDir, { recursive: true, force: false });
            io.out(
              `restored ${manifest.tables.length} tables, ${total} rows and ${manifest.uploads} uploaded files into ${redact(url)} (${h.dialect}); uploads in ${uploadDir}\n`,
            );
            return 0;
          } finally {
            await h.destroy();
          }
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
      args,
    ),
};

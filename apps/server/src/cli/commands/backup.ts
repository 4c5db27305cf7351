/** `folio backup <file>`: a portable archive of the whole installation, taken while Folio keeps serving. */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Kysely } from 'kysely';
import { parseDatabaseUrl } from '../../config.js';
import type { Manifest } from '../archive.js';
import type { CliCommand } from '../command.js';
import { io, parse, progress, runCommand, usageError } from '../lib.js';

const usage = `
folio backup <file.zip> --passphrase <secret> [--database-url <url>] [--upload-dir <dir>]

Writes every table (as JSON lines, readable by any of the three databases), the uploaded files and the
install secrets (sealed with the passphrase) into one zip. Reads one consistent snapshot of the database
in a single read transaction, so the server keeps serving meanwhile. Restore with \`folio restore\`.

Options:
  --passphrase <p>     seals the install secrets (or FOLIO_BACKUP_PASSPHRASE); needed again to restore
  --database-url <u>   the database (default DATABASE_URL, else sqlite:./data/folio.db)
  --upload-dir <dir>   where uploads are (default FOLIO_UPLOAD_DIR, beside the SQLite file, or ./data/uploads)
`;

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  await walk(dir);
  return out.sort();
}

export const command: CliCommand = {
  name: 'backup',
  summary: 'write a portable archive of the installation (tables, uploads, sealed secrets)',
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
        if (positionals.length !== 1) throw usageError('give the archive file to write, e.g. folio-backup.zip');
        const passphrase = values.passphrase ?? process.env.FOLIO_BACKUP_PASSPHRASE;
        if (!passphrase || passphrase.length < 8)
          throw usageError('--passphrase (or FOLIO_BACKUP_PASSPHRASE) of at least 8 characters is required');
        const file = positionals[0];
        const url = values['database-url'] || process.env.DATABASE_URL || 'sqlite:./data/folio.db';
        const { Zip, ZipDeflate, ZipPassThrough } = await import('fflate');
        const { ARCHIVE_FORMAT, ARCHIVE_VERSION, appliedMigrations, listTables, readTable, SECRET_PREFIX, seal, uploadDirFor } =
          await import('../archive.js');
        const { openCliDatabase, requireMigrated } = await import('../database.js');
        const h = await openCliDatabase(url);
        const tmp = `${file}.partial`;
        const out = createWriteStream(tmp);
        let failed: Error | null = null;
        out.on('error', (e) => {
          failed = e;
        });
        let drain = false;
        const zip = new Zip((err, chunk, final) => {
          if (err) failed = err;
          else if (!out.write(chunk)) drain = true;
          if (final) out.end();
        });
        const pace = async () => {
          if (failed) throw failed;
          if (drain) {
            drain = false;
            await once(out, 'drain');
          }
        };
        try {
          await requireMigrated(h);
          const tables = await listTables(h.db, h.dialect);
          const counts: Manifest['tables'] = [];
          let secrets: Record<string, string> = {};
          let migrations: string[] = [];
          const bar = progress('backing up');
          // One read transaction: every table comes from the same snapshot while the server goes on writing.
          let tx = h.db.transaction();
          if (h.dialect !== 'sqlite') tx = tx.setIsolationLevel('repeatable read');
          await tx.execute(async (t) => {
            const raw = t.withoutPlugins() as unknown as Kysely<any>;
            migrations = await appliedMigrations(t as never);
            for (const [ti, table] of tables.entries()) {
              const entry = new ZipDeflate(`tables/${table.name}.jsonl`, { level: 6 });
              zip.add(entry);
              let n = 0;
              const keyAt = table.columns.indexOf('config_key');
              const valueAt = table.columns.indexOf('config_value');
              for await (const rows of readTable(raw, table)) {
                let text = '';
                for (const r of rows) {
                  if (table.name === 'system_configs' && String(r[keyAt]).startsWith(SECRET_PREFIX)) {
                    secrets[String(r[keyAt])] = String(r[valueAt]);
                    r[valueAt] = '';
                  }
                  text += `${JSON.stringify(r)}\n`;
                }
                n += rows.length;
                entry.push(Buffer.from(text), false);
                bar.update(ti, tables.length);
                await pace();
              }
              entry.push(new Uint8Array(0), true);
              counts.push({ ...table, rows: n });
            }
          });
          const { dialect, sqlitePath } = parseDatabaseUrl(url);
          const uploadDir = uploadDirFor(dialect, sqlitePath, values['upload-dir']);
          const files = await listFiles(uploadDir);
          for (const [i, f] of files.entries()) {
            const entry = new ZipPassThrough(`uploads/${relative(uploadDir, f).split('\\').join('/')}`);
            zip.add(entry);
            for await (const chunk of createReadStream(f)) {
              entry.push(chunk as Buffer, false);
              await pace();
            }
            entry.push(new Uint8Array(0), true);
            bar.update(i, files.length);
          }
          const manifest: Manifest = {
            format: ARCHIVE_FORMAT,
            version: ARCHIVE_VERSION,
            createdAt: new Date().toISOString(),
            dialect: h.dialect,
            migrations,
            tables: counts,
            uploads: files.length,
            secrets: await seal(passphrase, secrets),
          };
          secrets = {};
          const m = new ZipDeflate('manifest.json', { level: 6 });
          zip.add(m);
          m.push(Buffer.from(JSON.stringify(manifest, null, 2)), true);
          zip.end();
          if (!out.writableFinished) await once(out, 'finish');
          if (failed) throw failed;
          await rename(tmp, file);
          bar.done();
          const rows = counts.reduce((s, t) => s + t.rows, 0);
          io.out(`backup written to ${file}: ${counts.length} tables, ${rows} rows, ${files.length} uploaded files (${h.dialect})\n`);
          return 0;
        } catch (e) {
          out.destroy();
          await rm(tmp, { force: true });
          throw e;
        } finally {
          await h.destroy();
        }
      },
      args,
    ),
};

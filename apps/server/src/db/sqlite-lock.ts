/**
 * The embedded SQLite file serves one Folio server process: a lock file beside the database (`<file>.lock`,
 * holding the owner's pid) refuses a second server on the same file with a clear message. A lock left by a
 * process that no longer runs is taken over. Several servers need PostgreSQL or MySQL/MariaDB.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ConfigError } from '../config.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of an SQLite file for this process; returns its release. Throws ConfigError when taken. */
export function lockSqliteFile(path: string): () => void {
  if (path === ':memory:') return () => {};
  const lock = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(readFileSync(lock, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new ConfigError(
          `another Folio server (pid ${pid}) is using ${path}. The embedded SQLite database serves one server process; ` +
            'stop the other one, or run several servers on PostgreSQL or MySQL (DATABASE_URL).',
        );
      }
      rmSync(lock, { force: true }); // left by a process that is gone
    }
  }
  throw new ConfigError(`cannot lock ${path} (${lock})`);
}

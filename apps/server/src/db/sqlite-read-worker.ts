/**
 * The entry of a read worker (sqlite-read-workers.ts): a read-only connection to the SQLite file that answers
 * `{ id, sql, parameters }` with `{ id, rows }` (or `{ id, error }`), one statement after another. In WAL mode
 * each statement sees what was committed when it starts, like the main thread's read-only connection.
 */

import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { reuseStatements } from './sqlite-statements.js';

export interface ReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type ReadReply = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

if (parentPort && workerData?.file) {
  const port = parentPort;
  const db = new SQLite(workerData.file as string, { readonly: true });
  db.pragma('busy_timeout = 5000');
  reuseStatements(db);
  port.on('message', ({ id, sql, parameters }: ReadRequest) => {
    let reply: ReadReply;
    try {
      const stmt = db.prepare(sql);
      // The connection is read-only anyway; a statement without rows has nothing to answer here.
      if (!stmt.reader) throw new Error('a read worker runs statements that return rows only');
      reply = { id, rows: stmt.all(parameters as unknown[]) };
    } catch (err) {
      const e = err as { message?: string; code?: unknown };
      reply = { id, error: { message: e.message ?? String(err), code: typeof e.code === 'string' ? e.code : undefined } };
    }
    port.postMessage(reply);
  });
}

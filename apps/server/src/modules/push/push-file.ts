/**
 * A queued (or big) push waits for its job in a file of the upload directory, not inside the job row: a 20 MB
 * row cost the event loop seconds to write and read back (bench/RESULTS.md, issue 20). The upload directory is
 * shared by every server, so a job another server takes over still finds its payload. The file is deleted when
 * the push has run (done or failed); a server killed mid-push leaves it for the server that takes the job over.
 *
 * Format (one JSON value per line, so a job reads it back one piece at a time): line 1 is the payload without
 * `apis`, each further line one top-level item of `apis`, in order.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomToken } from '../../lib/crypto.js';
import { turnTaker } from '../../lib/turns.js';

/** The folder of push payload files inside the upload directory. */
export const PUSH_FILE_FOLDER = 'push-payloads';
const FILE_NAME = /^[A-Za-z0-9_-]{16,64}\.ndjson$/;

/** The path of a payload file (its name checked: it comes from a job row). */
export function pushFilePath(uploadDir: string, name: string): string {
  if (!FILE_NAME.test(name)) throw new Error('bad push payload file name');
  return join(uploadDir, PUSH_FILE_FOLDER, name);
}

/** Writes a payload (`apis` an array) to a new file; returns its name. */
export async function writePushFile(uploadDir: string, payload: Record<string, unknown>): Promise<string> {
  const { apis, ...head } = payload;
  const turn = turnTaker();
  const lines = [JSON.stringify(head)];
  for (const item of Array.isArray(apis) ? apis : []) {
    lines.push(JSON.stringify(item ?? null));
    await turn();
  }
  const name = `${randomToken(18)}.ndjson`;
  await mkdir(join(uploadDir, PUSH_FILE_FOLDER), { recursive: true });
  await writeFile(pushFilePath(uploadDir, name), lines.join('\n'), 'utf8');
  return name;
}

/** A payload file's lines: the head (payload without `apis`) and the top-level items as JSON text. */
export async function readPushFile(uploadDir: string, name: string): Promise<{ head: Record<string, unknown>; items: string[] }> {
  let text: string;
  try {
    text = await readFile(pushFilePath(uploadDir, name), 'utf8');
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'it is missing' : (err as Error).message;
    throw new Error(`the push's payload file ${name} cannot be read (${why}); push again`);
  }
  const [first, ...items] = text.split('\n');
  let head: unknown;
  try {
    head = JSON.parse(first);
  } catch {
    head = null;
  }
  if (!head || typeof head !== 'object' || Array.isArray(head)) throw new Error(`the push's payload file ${name} is damaged; push again`);
  return { head: head as Record<string, unknown>, items };
}

/** Parses one top-level item line of a payload file. */
export function parsePushFileItem(name: string, line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`the push's payload file ${name} is damaged; push again`);
  }
}

/** Deletes a payload file (gone already is fine). */
export async function removePushFile(uploadDir: string, name: string): Promise<void> {
  await rm(pushFilePath(uploadDir, name), { force: true });
}

/** Names of the payload files last changed before `before` (epoch ms). */
export async function pushFilesOlderThan(uploadDir: string, before: number): Promise<string[]> {
  const dir = join(uploadDir, PUSH_FILE_FOLDER);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => FILE_NAME.test(n));
  const old: string[] = [];
  for (const n of names) {
    const s = await stat(join(dir, n)).catch(() => null);
    if (s && s.mtimeMs < before) old.push(n);
  }
  return old;
}

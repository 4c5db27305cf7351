/**
 * Tree answers kept as their bytes (JSON, then brotli or gzip as clients ask), validated against the database
 * on every read: a tree answer is reused only while its validator, read from the database by the request
 * itself (the visible projects and applications with their tree revisions, which triggers on `docs` bump in
 * every writing transaction; db/migrations/20261127T090000-create-tree-revisions.ts), is the same string as
 * when it was built. Nothing is trusted by age, so any server answers a committed write at its next read.
 * Concurrent misses of one key wait for one build. The validator is also the ETag: a browser revalidating
 * gets 304 without a build. Bounded: at most MAX_ENTRIES answers and MAX_BYTES of bytes per process.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, PostgresAdapter, SqliteAdapter, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/database.js';
import { TREE_TRIGGERS } from '../../db/migrations/20261127T090000-create-tree-revisions.js';
import { ok } from '../../plugins/envelope.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const MAX_ENTRIES = 64;
const MAX_BYTES = 256 * 1024 * 1024;
/** Answers smaller than this go out as they are (the compress plugin's threshold, app.ts). */
const MIN_COMPRESS = 1024;

/** The ETag of an answer: a function of its key and validator. */
const etagOf = (key: string, validator: string) =>
  `W/"${createHash('sha1').update(key).update('\0').update(validator).digest('base64url')}"`;

interface Entry {
  validator: string;
  etag: string;
  json: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

type Encoding = 'br' | 'gzip' | 'identity';

function encodingOf(req: FastifyRequest): Encoding {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return 'identity';
}

const present = new WeakMap<object, Promise<boolean>>();

/**
 * Whether the tree triggers exist on this database: a schema fact (the migration creates them, or leaves them
 * out on a MySQL that refuses triggers), read once per connection pool.
 */
export function treeTriggersPresent(conn: Conn): Promise<boolean> {
  let p = present.get(conn);
  if (!p) {
    p = (async () => {
      const raw = conn.withoutPlugins() as unknown as Kysely<unknown>;
      const adapter = conn.getExecutor().adapter;
      const names = sql.join(TREE_TRIGGERS.map((t) => sql.lit(t)));
      const q =
        adapter instanceof SqliteAdapter
          ? sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'trigger' and name in (${names})`
          : adapter instanceof PostgresAdapter
            ? sql<{
                n: number;
              }>`select count(*) as n from information_schema.triggers where trigger_schema = current_schema() and trigger_name in (${names})`
            : sql<{
                n: number;
              }>`select count(*) as n from information_schema.triggers where trigger_schema = database() and trigger_name in (${names})`;
      const r = await q.execute(raw);
      return Number(r.rows[0]?.n ?? 0) >= TREE_TRIGGERS.length;
    })().catch(() => false);
    present.set(conn, p);
  }
  return p;
}

export class TreeAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry>>();
  private bytes = 0;

  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  /**
   * Sends the answer `ok(build())` for `key`, reusing the bytes built under the same `validator`.
   * `validator` must change whenever the answer could: callers derive it from rows read in this request.
   */
  async send(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    validator: string,
    build: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    if (!(await treeTriggersPresent(this.ctx.db))) {
      return this.write(req, reply, { validator, etag: '', json: Buffer.from(JSON.stringify(ok(await build()))) });
    }
    // The ETag is a function of the key and the validator: a kept answer's is reused, not hashed again.
    const hit = this.entries.get(key);
    const etag = hit?.validator === validator ? hit.etag : etagOf(key, validator);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return this.write(req, reply, await this.entry(key, validator, etag, build));
  }

  /**
   * Sends an answer's bytes in the encoding the client accepts. The tree routes opt out of the compress plugin's
   * hooks (their config `compress: false`): the bytes are compressed here, once per answer kept.
   */
  private async write(req: FastifyRequest, reply: FastifyReply, entry: Entry): Promise<FastifyReply> {
    const enc = entry.json.length < MIN_COMPRESS ? 'identity' : encodingOf(req);
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (enc === 'identity') return reply.send(entry.json);
    entry[enc] ??= enc === 'br' ? brotli(entry.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gz(entry.json, { level: 6 });
    const body = await entry[enc];
    return reply.header('content-encoding', enc).send(body);
  }

  private async entry(key: string, validator: string, etag: string, build: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit?.validator === validator) {
      // Most recently used last, so the first key is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const flight = `${key}\0${validator}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = (async () => {
        const json = Buffer.from(JSON.stringify(ok(await build())));
        return { validator, etag, json };
      })();
      this.building.set(flight, pending);
      pending
        .then((e) => this.keep(key, e))
        .catch(() => {})
        .finally(() => this.building.delete(flight));
    }
    return pending;
  }

  private keep(key: string, e: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.json.length;
      this.entries.delete(key);
    }
    this.entries.set(key, e);
    this.bytes += e.json.length;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const [first, v] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(first);
      this.bytes -= v.json.length;
    }
  }
}

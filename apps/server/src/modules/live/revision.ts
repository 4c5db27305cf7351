/**
 * Live docs: the revision of what a reader has open (a project's or space's tree, a share, a compose view).
 * It is computed from the database on every call, so every server answers the same: the tree revisions of the
 * scope's applications (bumped by triggers on `docs` in every writing transaction, see
 * db/migrations/20261127T090000-create-tree-revisions.ts) and the applications' own edit times. Without the
 * triggers (a MySQL that refuses them) it falls back to the count, deletions and edit times of the docs, summed
 * modulo a prime rather than maxed, so a write stamped by a server whose clock is behind still changes it.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import { ok } from '../../plugins/envelope.js';
import { treeTriggersPresent } from '../docs/tree-answers.js';
import { visibleProjects } from '../docs/visible-projects.js';

const P = 1_000_000_007;
const CHUNK = 500;

interface Agg {
  n: number | string | bigint | null;
  x: number | string | bigint | null;
  s: number | string | bigint | null;
}

const part = (a: Agg | undefined) => `${Number(a?.n ?? 0)}.${Number(a?.x ?? 0)}.${Number(a?.s ?? 0)}`;

/**
 * The docs of some applications, as one signature: the tree revisions the database bumps at every write of a
 * doc (triggers on `docs`, whatever wrote it); where those triggers could not be created (a MySQL that refuses
 * them), the count, deleted count and edit times of the docs.
 */
async function docsSignature(conn: Conn, moduleIds: number[]): Promise<string> {
  const out: string[] = [];
  const triggers = await treeTriggersPresent(conn);
  for (let i = 0; i < moduleIds.length; i += CHUNK) {
    const chunk = moduleIds.slice(i, i + CHUNK);
    if (triggers) {
      const revs = await conn
        .selectFrom('treeRevisions')
        .select(['moduleId', 'rev'])
        .where('moduleId', 'in', chunk)
        .orderBy('moduleId')
        .execute();
      out.push(revs.map((r) => `${r.moduleId}:${Number(r.rev)}`).join(';'));
      continue;
    }
    const row = await conn
      .selectFrom('docs')
      .select([sql<number>`count(*)`.as('n'), sql<number>`sum(is_deleted)`.as('x'), sql<number>`sum(updated_at % ${sql.lit(P)})`.as('s')])
      .where('moduleId', 'in', chunk)
      .executeTakeFirst();
    out.push(part(row as Agg | undefined));
  }
  return out.join(',');
}

/** The applications of some projects (live ones; their names and edit times count). */
async function modulesOf(conn: Conn, projectIds: number[]) {
  if (!projectIds.length) return [];
  return conn
    .selectFrom('modules')
    .select(['id', 'updatedAt'])
    .where('projectId', 'in', projectIds)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
}

/** A short, opaque revision of parts. */
const digest = (parts: (string | number)[]) => createHash('sha1').update(parts.join('|')).digest('base64url').slice(0, 20);

/** A live project's id and edit time, for its revision. */
export function projectRevisionRow(conn: Conn, projectId: number) {
  return conn.selectFrom('projects').select(['id', 'updatedAt']).where('id', '=', projectId).executeTakeFirstOrThrow();
}

/** The revision of some projects' trees (the preview's project or space dimension). */
export async function projectsRevision(conn: Conn, projects: { id: number; updatedAt: number }[]): Promise<string> {
  const modules = await modulesOf(
    conn,
    projects.map((p) => p.id),
  );
  const docs = await docsSignature(
    conn,
    modules.map((m) => m.id),
  );
  return digest([...projects.map((p) => `p${p.id}:${p.updatedAt}`), ...modules.map((m) => `m${m.id}:${m.updatedAt}`), docs]);
}

/**
 * The revision of a preview tree (GET /api/live/view): a project's, or that of the projects of a space the reader
 * may see. Also sent with a page's first tree and doc (`REVISION_HEADER`), read before them, so the page's poller
 * starts from the revision they were built from.
 */
export async function viewRevision(req: FastifyRequest, conn: Conn, scope: { projectId: number } | { spaceId: number }): Promise<string> {
  if ('projectId' in scope) return projectsRevision(conn, [await projectRevisionRow(conn, scope.projectId)]);
  return projectsRevision(conn, await visibleProjects(req, conn, scope.spaceId));
}

/** The revision of one application's docs plus the owner's own edit time (a share or compose project). */
export async function modulesRevision(conn: Conn, moduleIds: number[], owner: string): Promise<string> {
  return digest([owner, moduleIds.join(','), await docsSignature(conn, moduleIds)]);
}

/**
 * Answers a revision with an ETag: a poll whose `If-None-Match` still matches gets 304 and no body (the
 * browser revalidates by itself, since the answer is `no-cache`).
 */
export function sendRevision(req: FastifyRequest, reply: FastifyReply, revision: string) {
  const etag = `"${revision}"`;
  reply.header('cache-control', 'no-cache').header('etag', etag);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return ok({ revision });
}

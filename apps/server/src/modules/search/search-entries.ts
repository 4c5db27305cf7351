/**
 * The entries of the search index as built from content and written: a doc's entry from its detail (name, method,
 * path, params at any depth, error codes, a body for snippets), the entry of any other kind from its name, and
 * their rows inserted with their term rows (search-rows.ts).
 */
import { type DocDetail, type DocParam, DocType, NOT_DEPRECATED } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { type Conn, insertManyReturningIds } from '../../db/database.js';
import { contentKey, type EntryKind, insertTerms, type TermRow } from './search-rows.js';
import { addPath, addText, Weight } from './search-tokens.js';

/** What the index code needs of the app context. */
export type Ctx = Pick<AppContext, 'db' | 'ids' | 'dialect'>;

/** Characters of text kept per entry for snippets. */
export const BODY_MAX = 6000;

/** An entry as built: its row and its terms with their weights. */
export interface Entry {
  kind: EntryKind;
  refId: number;
  spaceId: number;
  projectId: number;
  moduleId: number;
  name: string;
  method: string;
  path: string;
  docType: number;
  status: number;
  deprecated: number;
  body: string;
  terms: Map<string, number>;
}

/** An entry of a kind, its terms those of its name. */
export function entry(
  kind: EntryKind,
  refId: number,
  where: { spaceId: number; projectId: number; moduleId: number },
  name: string,
): Entry {
  const terms = new Map<string, number>();
  addText(terms, name, kind === 'doc' ? Weight.NAME : Weight.OTHER_NAME);
  return { kind, refId, ...where, name: name.slice(0, 255), method: '', path: '', docType: 0, status: 0, deprecated: 0, body: '', terms };
}

/** Text cut to BODY_MAX characters. */
export function clip(s: string): string {
  return s.length > BODY_MAX ? s.slice(0, BODY_MAX) : s;
}

/** Adds the params of a list (any depth): names as PARAM, descriptions as TEXT; their lines go to the body. */
function addParams(e: Entry, params: DocParam[], lines: string[], depth = 0): void {
  for (const p of params) {
    addText(e.terms, p.name, Weight.PARAM);
    addText(e.terms, p.description, Weight.TEXT);
    if (lines.length < 400) lines.push(p.description ? `${p.name}: ${p.description}` : p.name);
    if (p.children?.length && depth < 32) addParams(e, p.children, lines, depth + 1);
  }
}

/** The entry of a doc (not a folder) from its detail. */
export function docEntry(d: DocDetail, refId: number, where: { spaceId: number; projectId: number; moduleId: number }): Entry {
  const e = entry('doc', refId, where, d.name);
  e.docType = d.type;
  e.status = d.status;
  e.deprecated = d.deprecated && d.deprecated !== NOT_DEPRECATED ? 1 : 0;
  if (d.type === DocType.HTTP) {
    e.method = (d.httpMethod ?? '').toUpperCase().slice(0, 16);
    e.path = (d.url ?? '').slice(0, 1024);
    addPath(e.terms, d.url, Weight.PATH);
    if (e.method) addText(e.terms, e.method, Weight.METHOD);
  } else if (d.type === DocType.DUBBO) {
    const iface = d.dubboInfo?.interfaceName ?? '';
    e.path = (iface ? `${iface}#${d.url || d.name}` : d.url).slice(0, 1024);
    addText(e.terms, iface, Weight.INTERFACE);
    addText(e.terms, d.url, Weight.PATH);
  } else if (d.url) {
    e.path = d.url.slice(0, 1024);
    addPath(e.terms, d.url, Weight.PATH);
  }
  addText(e.terms, d.description, Weight.TEXT);
  const lines: string[] = [d.description ?? ''];
  for (const list of [d.pathParams, d.queryParams, d.headerParams, d.requestParams, d.responseParams]) addParams(e, list ?? [], lines);
  for (const c of d.errorCodeParams ?? []) {
    addText(e.terms, c.code, Weight.PARAM);
    addText(e.terms, c.msg, Weight.TEXT);
    addText(e.terms, c.solution, Weight.TEXT);
    lines.push(`${c.code} ${c.msg}`);
  }
  e.body = clip(lines.filter(Boolean).join('\n'));
  return e;
}

/** Writes entries and their terms (after their old versions were removed). */
export async function writeEntries(ctx: Ctx, conn: Conn, entries: Entry[]): Promise<void> {
  await insertTerms(ctx.dialect, conn, await insertEntries(ctx, conn, entries));
}

/** Inserts entries; returns their term rows (to insert after). */
export async function insertEntries(ctx: Ctx, conn: Conn, entries: Entry[]): Promise<TermRow[]> {
  if (!entries.length) return [];
  const now = Date.now();
  const rows = entries.map(({ terms: _t, ...r }) => ({ ...r, updatedAt: now }) as Record<string, unknown>);
  const ids = await insertManyReturningIds(conn, ctx.dialect, 'searchEntries', rows, 200);
  const terms: TermRow[] = [];
  entries.forEach((e, i) => {
    const scopeId = e.kind === 'space' ? -e.spaceId : e.projectId;
    for (const [term, weight] of e.terms) terms.push([term, ids[i], weight, scopeId]);
  });
  return terms;
}

/** Space and project of applications, by application id. */
export async function placesOf(
  conn: Conn,
  moduleIds: number[],
): Promise<Map<number, { spaceId: number; projectId: number; moduleId: number }>> {
  const out = new Map<number, { spaceId: number; projectId: number; moduleId: number }>();
  if (!moduleIds.length) return out;
  const rows = await conn
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['m.id', 'm.projectId', 'p.spaceId'])
    .where('m.id', 'in', [...new Set(moduleIds)])
    .execute();
  for (const r of rows) out.set(r.id, { spaceId: r.spaceId, projectId: r.projectId, moduleId: r.id });
  return out;
}

/** The content key of an entry as built (see contentKey). */
export function keyOf(e: Entry): string {
  const { terms, ...row } = e;
  const scopeId = e.kind === 'space' ? -e.spaceId : e.projectId;
  return contentKey(
    row,
    [...terms].map(([term, weight]) => [term, weight, scopeId]),
  );
}

/**
 * Counts for issue 26 ("one contract per call"), reproducible by anyone: `npx tsx scripts/contract-counts.ts`
 * (add `--by-module` for a line per module).
 * From the source of apps/server/src/modules (tests and perm files excluded):
 * - casts of request input: `req.body as`, `req.query as`, `req.params as` (also `(req.body as`);
 * - queries in route files: Kysely entry points (`selectFrom(`, `insertInto(`, `updateTable(`, `deleteFrom(`,
 *   `insertId(`, `insertMany(`, `` sql` ``) in `*.routes.ts` files;
 * - hand-called checkers: `authorizeSpace|Project|Module|Doc(` in `*.routes.ts` files;
 * - longest handler: lines of the block body of an `async (req…) => {…}` in `*.routes.ts` files.
 * From the running server (an in-memory SQLite app, every registered route of the feature modules):
 * - routes with a response schema (any `schema.response`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp } from '../apps/server/test/harness.js';

const root = new URL('../apps/server/src/modules/', import.meta.url).pathname;
const files = readdirSync(root, { recursive: true })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.perm.ts'))
  .sort();

const CAST = /req\.(body|query|params)\)?\s+as\b/g;
const QUERY = /\b(selectFrom|insertInto|updateTable|deleteFrom|insertId|insertMany|replaceInto)\(|\bsql`/g;
const CHECKER = /\bauthorize(Space|Project|Module|Doc)\(/g;

/** Block bodies of route handlers (`async (req) => {` / `async (req, reply) => {`), brace-balanced. */
function handlerSpans(text: string): { line: number; lines: number }[] {
  const out: { line: number; lines: number }[] = [];
  for (const m of text.matchAll(/async \(req[^)]*\)(?:: [^=]+)? => \{/g)) {
    let depth = 0;
    let j = (m.index ?? 0) + m[0].length - 1;
    let quote: string | null = null;
    for (; j < text.length; j++) {
      const c = text[j];
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === '/' && text[j + 1] === '/') j = text.indexOf('\n', j);
      else if (c === '/' && text[j + 1] === '*') j = text.indexOf('*/', j) + 1;
      else if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
    }
    const line = text.slice(0, m.index).split('\n').length;
    out.push({ line, lines: text.slice(0, j).split('\n').length - line + 1 });
  }
  return out;
}

const perModule = new Map<
  string,
  { casts: number; routes: number; withResponse: number; routeQueries: number; checkers: number; longest: number }
>();
const total = { casts: 0, routes: 0, withResponse: 0, routeQueries: 0, checkers: 0, longest: { lines: 0, where: '' } };
for (const f of files) {
  const text = readFileSync(join(root, f), 'utf8');
  const mod = f.split('/')[0].replace(/\.ts$/, '');
  const m = perModule.get(mod) ?? { casts: 0, routes: 0, withResponse: 0, routeQueries: 0, checkers: 0, longest: 0 };
  const casts = (text.match(CAST) ?? []).length;
  m.casts += casts;
  total.casts += casts;
  if (f.endsWith('.routes.ts')) {
    const q = (text.match(QUERY) ?? []).length;
    const c = (text.match(CHECKER) ?? []).length;
    m.routeQueries += q;
    m.checkers += c;
    total.routeQueries += q;
    total.checkers += c;
  }
  if (f.endsWith('.routes.ts')) {
    for (const h of handlerSpans(text)) {
      m.longest = Math.max(m.longest, h.lines);
      if (h.lines > total.longest.lines) total.longest = { lines: h.lines, where: `${f}:${h.line}` };
    }
  }
  perModule.set(mod, m);
}

const t = await createTestApp();
const moduleOfUrl = new Map<string, string>();
for (const f of files.filter((x) => x.endsWith('.routes.ts'))) {
  const text = readFileSync(join(root, f), 'utf8');
  for (const m of text.matchAll(/['`](\/[\w/:.*{}-]+)['`]/g)) if (!moduleOfUrl.has(m[1])) moduleOfUrl.set(m[1], f.split('/')[0]);
}
for (const r of t.app.featureRoutes) {
  const mod = moduleOfUrl.get(r.url.replace(/^\/api/, '')) ?? moduleOfUrl.get(r.url) ?? '(other)';
  const m = perModule.get(mod) ?? { casts: 0, routes: 0, withResponse: 0, routeQueries: 0, checkers: 0, longest: 0 };
  m.routes++;
  total.routes++;
  if (r.hasResponse) {
    m.withResponse++;
    total.withResponse++;
  }
  perModule.set(mod, m);
}
await t.close();

if (process.argv.includes('--by-module')) {
  console.log('module'.padEnd(18), 'casts', 'routes', 'w/resp', 'sql-in-routes', 'checkers', 'longest');
  for (const [k, m] of perModule) {
    if (!m.routes && !m.casts) continue;
    console.log(
      k.padEnd(18),
      String(m.casts).padStart(5),
      String(m.routes).padStart(6),
      String(m.withResponse).padStart(6),
      String(m.routeQueries).padStart(13),
      String(m.checkers).padStart(8),
      String(m.longest).padStart(7),
    );
  }
  console.log();
}
console.log(`casts of request input (req.body/query/params as …): ${total.casts}`);
console.log(`routes with a response schema: ${total.withResponse} of ${total.routes}`);
console.log(`queries in *.routes.ts files: ${total.routeQueries}`);
console.log(`hand-called authorize*() in *.routes.ts files: ${total.checkers}`);
console.log(`longest handler (lines): ${total.longest.lines} at ${total.longest.where}`);

/**
 * Web counts for issue 26 ("components stop calling api.get/post inline; split the components over ~250
 * lines"), reproducible by anyone: `npx tsx scripts/web-contract-counts.ts` (add `--list` for the places).
 * From apps/web/src, tests excluded:
 * - inline API calls: `api.get(` / `api.post(` (with or without a type argument) outside the API modules
 *   (a feature's `api.ts` or `*-api.ts(x)`), counted apart in components (`.tsx`) and in other modules (`.ts`:
 *   the shell's own calls in app/ and lib/, request helpers);
 * - local API interfaces: interfaces and object types declared in the web app whose name is the answer type of
 *   an `api.get<…>` / `api.post<…>` anywhere (an answer typed by packages/shared instead does not count);
 * - components over 250 lines: `.tsx` files longer than 250 lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../apps/web/src/', import.meta.url).pathname;
const files = readdirSync(root, { recursive: true })
  .map(String)
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .sort();
const isApiModule = (f: string) => /(^|\/)api\.ts$|-api\.tsx?$/.test(f);

const CALL = /\bapi\.(get|post)\s*(<|\()/g;
const TYPE_ARG = /\bapi\.(?:get|post)\s*<\s*([A-Za-z_]\w*)/g;
const DECL = /^\s*(?:export\s+)?(?:interface\s+([A-Za-z_]\w*)|type\s+([A-Za-z_]\w*)\s*=\s*\{)/gm;

const calls: string[] = [];
const moduleCalls: string[] = [];
const answerTypes = new Set<string>();
const decls: { name: string; where: string }[] = [];
const big: string[] = [];
for (const f of files) {
  const text = readFileSync(join(root, f), 'utf8');
  const lineOf = (i: number) => text.slice(0, i).split('\n').length;
  if (!isApiModule(f)) for (const m of text.matchAll(CALL)) (f.endsWith('.tsx') ? calls : moduleCalls).push(`${f}:${lineOf(m.index ?? 0)}`);
  for (const m of text.matchAll(TYPE_ARG)) answerTypes.add(m[1]);
  for (const m of text.matchAll(DECL)) decls.push({ name: m[1] ?? m[2], where: `${f}:${lineOf(m.index ?? 0)}` });
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (f.endsWith('.tsx') && lines > 250) big.push(`${f} (${lines})`);
}
const localApi = decls.filter((d) => answerTypes.has(d.name));

const list = process.argv.includes('--list');
console.log(`inline api.get/post calls in components: ${calls.length}`);
if (list) for (const c of calls) console.log(`  ${c}`);
console.log(`inline api.get/post calls in other modules (not API modules): ${moduleCalls.length}`);
if (list) for (const c of moduleCalls) console.log(`  ${c}`);
console.log(`local interfaces typing an API answer: ${localApi.length}`);
if (list) for (const d of localApi) console.log(`  ${d.name} ${d.where}`);
console.log(`components over 250 lines: ${big.length}`);
if (list) for (const b of big) console.log(`  ${b}`);

/**
 * Agents benchmark (issue 24), in-process on a fresh SQLite file, the server listening on a random port:
 * - MCP round trip (tools/list + search_docs + get_doc, official SDK client over HTTP) p50/p95 on 10,000 docs
 *   (budget p95 ≤ 100 ms);
 * - 20 parallel calls on one token: errors (budget 0);
 * - llms.txt and llms-full.txt of a 5,000-doc application (budget ≤ 1 s for llms.txt);
 * - Markdown twin size vs the HTML view's text on GitHub's REST API import (budget ≤ 25%), and render time
 *   per doc (budget ≤ 2 ms).
 * Run: `npm run bench -- agents`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type DocParam, descriptionText } from '@folio/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { drainJobs } from '../apps/server/src/jobs/queue.js';
import { docMarkdown } from '../apps/server/src/modules/agents/doc-markdown.js';
import { loadViewDocs } from '../apps/server/src/modules/agents/llms.js';
import { bulkFolder, pushApis, sampleApi } from '../apps/server/src/modules/agents/test-fixtures.js';
import { wrapResponse } from '../apps/server/src/modules/docs/param-input.js';
import { generateDefaultBody, paramsObject } from '../apps/server/src/modules/mock/mock-default.js';
import { openApi, tornaSdkEnvelope } from '../apps/server/src/modules/push/open-api.helpers.js';
import type { ViewDoc } from '../apps/server/src/modules/shares/view-doc.js';
import { call, createTestApp } from '../apps/server/test/harness.js';

const ROOT = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

const esc = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The web doc view of a doc, modelled on doc-content.tsx and param-view-table.tsx (title, method + URL,
 * description, one table row per parameter: name, type, required, max length, description with enum values,
 * example; common headers/params merged, the response inside the common response; the pretty-printed
 * request and response examples; error codes), as its visible text (`html` false: what innerText holds) or
 * as the HTML those components render (`html` true, the table markup included).
 */
function docView(d: ViewDoc, html: boolean): string {
  const out: string[] = [
    html
      ? `<h2 class="doc-h1">${esc(d.name)}</h2><div class="doc-url"><span class="method-tag">${d.httpMethod}</span><span class="url-text">${esc(d.url)}</span></div>`
      : `${d.name}\n${d.httpMethod} ${d.url}`,
  ];
  out.push(html ? `<div class="markdown-body">${esc(descriptionText(d.description))}</div>` : descriptionText(d.description));
  const table = (list: DocParam[], req: boolean) => {
    const head = ['Name', 'Type', ...(req ? ['Required', 'Max length'] : []), 'Description', 'Example'];
    out.push(
      html ? `<table class="param-table"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>` : head.join('\t'),
    );
    const walk = (ps: DocParam[], depth: number) => {
      for (const p of ps) {
        const en = p.enumInfo?.items?.length ? p.enumInfo.items.map((i) => `${i.value} ${i.description}`).join(' ') : '';
        const desc = descriptionText(p.description);
        if (html) {
          out.push(
            `<tr data-depth="${depth}"><td class="param-name" style="padding-left: ${8 + depth * 16}px;">${p.children?.length ? '<button type="button" class="param-toggle" aria-expanded="true">−</button>' : '<span class="param-toggle-space"></span>'}${esc(p.name)}</td><td>${esc(p.type)}</td>${req ? `<td>${p.required ? '<span class="param-required">Yes</span>' : 'No'}</td><td>${esc(p.maxLength)}</td>` : ''}<td>${esc(desc)}${en ? `<div class="enum-values"><span class="muted">Enum values: </span>${esc(en)}</div>` : ''}</td><td class="param-example">${esc(p.example)}</td></tr>`,
          );
        } else
          out.push(
            [
              p.name,
              p.type,
              ...(req ? [p.required ? 'Yes' : 'No', p.maxLength] : []),
              `${desc}${en ? ` Enum values: ${en}` : ''}`,
              p.example,
            ].join('\t'),
          );
        walk(p.children ?? [], depth + 1);
      }
    };
    walk(list, 0);
    if (html) out.push('</tbody></table>');
  };
  const headers = [...(d.isUseGlobalHeaders === 0 ? [] : d.globalHeaders), ...d.headerParams];
  const body = [...(d.isUseGlobalParams === 0 ? [] : d.globalParams), ...d.requestParams];
  const common = d.isUseGlobalReturns === 0 ? [] : d.globalReturns;
  for (const [list, req] of [
    [headers, true],
    [d.pathParams, true],
    [d.queryParams, true],
    [body, true],
    [wrapResponse(common, d.responseParams), false],
  ] as const) {
    if (list.length) table(list, req);
  }
  const pre = (v: unknown) =>
    html
      ? `<div class="code-block"><button type="button" class="ant-btn ant-btn-default ant-btn-sm code-copy"><span>Copy</span></button><pre>${esc(JSON.stringify(v, null, 2))}</pre></div>`
      : JSON.stringify(v, null, 2);
  if (body.length) out.push(pre(paramsObject(body)));
  if (d.responseParams.length || common.length) out.push(pre(generateDefaultBody(d, common)));
  for (const c of d.errorCodeParams)
    out.push(
      html ? `<tr><td>${esc(c.code)}</td><td>${esc(c.msg)}</td><td>${esc(c.solution)}</td></tr>` : `${c.code}\t${c.msg}\t${c.solution}`,
    );
  return out.join('\n');
}

async function main() {
  const t = await createTestApp({ workers: false });
  const rows: [string, string, string, string][] = [];
  try {
    const space = (await call(t.app, t.adminToken, 'POST', '/api/space/add', { name: 'bench', isCompose: 0 })).data.id;
    const project = (await call(t.app, t.adminToken, 'POST', '/api/project/add', { spaceId: space, name: 'p', isPrivate: 1 })).data.id;
    const addApp = async (name: string) => {
      const id = (await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: project, name })).data.id as string;
      const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: id })).data.token as string;
      return { id, token };
    };
    // 10,000 docs in two applications of 5,000 (one push each).
    const a = await addApp('a');
    const b = await addApp('b');
    let t0 = performance.now();
    await pushApis(t.app, a.token, [{ name: 'Orders', isFolder: 1, items: [sampleApi()] }, bulkFolder('a', 4999)]);
    await pushApis(t.app, b.token, [bulkFolder('b', 5000)]);
    const pushMs = performance.now() - t0;
    const pat = (await call(t.app, t.adminToken, 'POST', '/api/user/token/create', { name: 'bench' })).data.token as string;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${pat}` } } }),
    );
    const round: number[] = [];
    const each = { list: [] as number[], search: [] as number[], get: [] as number[] };
    for (let i = 0; i < ROUNDS + 10; i++) {
      const s0 = performance.now();
      await client.listTools();
      const s1 = performance.now();
      const found = await client.callTool({ name: 'search_docs', arguments: { query: `bulk doc ${(i * 37) % 4999}` } });
      const s2 = performance.now();
      const hit = JSON.parse((found.content as { text: string }[])[0].text).items[0];
      const doc = await client.callTool({ name: 'get_doc', arguments: { id: hit.id } });
      const s3 = performance.now();
      if (doc.isError) throw new Error('get_doc failed');
      if (i < 10) continue; // warm-up
      round.push(s3 - s0);
      each.list.push(s1 - s0);
      each.search.push(s2 - s1);
      each.get.push(s3 - s2);
    }
    rows.push([
      'MCP round trip (list + search + get), 10,000 docs',
      ms(pct(round, 50)),
      ms(pct(round, 95)),
      pct(round, 95) <= 100 ? 'p95 ≤ 100 ms: met' : 'p95 ≤ 100 ms: NOT met',
    ]);
    rows.push(['  tools/list', ms(pct(each.list, 50)), ms(pct(each.list, 95)), '']);
    rows.push(['  search_docs', ms(pct(each.search, 50)), ms(pct(each.search, 95)), '']);
    rows.push(['  get_doc', ms(pct(each.get, 50)), ms(pct(each.get, 95)), '']);

    let errors = 0;
    t0 = performance.now();
    const parallel = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        client.callTool({ name: i % 2 ? 'search_docs' : 'list_tree', arguments: i % 2 ? { query: `doc ${i}` } : {} }),
      ),
    );
    for (const r of parallel) if (r.status === 'rejected' || r.value.isError) errors++;
    rows.push(['20 parallel calls, one token', `${errors} errors`, ms(performance.now() - t0), errors ? 'NOT met' : 'met']);
    await client.close();

    const get = async (url: string) => {
      const s = performance.now();
      const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${pat}` } });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
      return { ms: performance.now() - s, bytes: Buffer.byteLength(r.body) };
    };
    const idx = await get(`/llms.txt?application=${a.id}`);
    rows.push([
      'llms.txt, 5,000-doc application (hierarchical)',
      `${idx.bytes} B`,
      ms(idx.ms),
      idx.ms <= 1000 ? '≤ 1 s: met' : '≤ 1 s: NOT met',
    ]);
    const sub = await get(`/llms.txt?application=${a.id}&folder=${encodeURIComponent((await listFirstFolder(t, a.token, 'a')) ?? '')}`);
    rows.push(['llms.txt sub-file (5,000-doc folder)', kb(sub.bytes), ms(sub.ms), '']);
    const full = await get(`/llms-full.txt?application=${a.id}`);
    rows.push(['llms-full.txt, 5,000-doc application', kb(full.bytes), ms(full.ms), '']);

    // GitHub's REST API description, imported by one push, twins vs the HTML view's text.
    const gh = await addApp('github');
    const { openApiToPush } = await import('../apps/server/src/modules/imports/openapi-to-push.js');
    const spec = JSON.parse(readFileSync(join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'), 'utf8'));
    const { payload } = await openApiToPush(spec);
    const pushed = await openApi(t.app, tornaSdkEnvelope('doc.push', gh.token, payload));
    await drainJobs(t.app);
    if (pushed.body.code !== '0') throw new Error(pushed.body.msg);
    const ids = (
      await t.app.ctx.db
        .selectFrom('docs')
        .select('id')
        .where('moduleId', '=', t.app.ctx.ids.decode(gh.id))
        .where('isFolder', '=', 0)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((r) => r.id);
    const docs = await loadViewDocs(t.app, ids);
    t0 = performance.now();
    const twins = docs.map((d) => Buffer.byteLength(docMarkdown(d)));
    const renderMs = (performance.now() - t0) / docs.length;
    const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
    const texts = docs.map((d) => Buffer.byteLength(docView(d, false)));
    const htmls = docs.map((d) => Buffer.byteLength(docView(d, true)));
    const twinBytes = sum(twins);
    const perDoc = (of: number[]) =>
      `${(
        pct(
          docs.map((_, i) => twins[i] / of[i]),
          50,
        ) * 100
      ).toFixed(0)}%`;
    const vsHtml = twinBytes / sum(htmls);
    const vsText = twinBytes / sum(texts);
    rows.push([
      `GitHub import: ${docs.length} twins`,
      kb(twinBytes),
      `${ms(renderMs)}/doc`,
      renderMs <= 2 ? 'render ≤ 2 ms: met' : 'render ≤ 2 ms: NOT met',
    ]);
    rows.push(['GitHub import: doc view HTML / visible text (model)', `${kb(sum(htmls))} / ${kb(sum(texts))}`, '', '']);
    rows.push([
      'Twin / view HTML bytes (all; per-doc p50)',
      `${(vsHtml * 100).toFixed(0)}%`,
      perDoc(htmls),
      vsHtml <= 0.25 ? '≤ 25%: met' : '≤ 25%: NOT met',
    ]);
    rows.push(['Twin / view visible text (all; per-doc p50)', `${(vsText * 100).toFixed(0)}%`, perDoc(texts), '']);
    rows.unshift(['(setup) two pushes of 5,000 docs', ms(pushMs), '', '']);
  } finally {
    await t.close();
  }
  const w = [54, 22, 22, 24];
  console.log(['case', 'p50 / size', 'p95 / time', 'budget'].map((h, i) => h.padEnd(w[i])).join(' | '));
  console.log(w.map((n) => '-'.repeat(n)).join('-|-'));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(w[i])).join(' | '));
}

/** The id of the first top-level folder named `name` of an application (from Torna's doc.list). */
async function listFirstFolder(t: Awaited<ReturnType<typeof createTestApp>>, token: string, name: string): Promise<string | undefined> {
  const list = (await openApi(t.app, tornaSdkEnvelope('doc.list', token, {}))).body.data.docList as {
    id: string;
    name: string;
    isFolder: number;
  }[];
  return list.find((d) => d.isFolder && d.name === name)?.id;
}

await main();

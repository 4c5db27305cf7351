/**
 * Markdown twin size against the doc view a reader really gets (issue 24: twin ≤ 25% of the HTML view):
 * GitHub's REST API imported into the built server, then for TWIN_DOCS docs spread over the import
 * (default 80) the doc view opened in Chromium at 1,440 px as a reader opens it, and its `<article
 * class="doc-content">` measured as rendered (outerHTML bytes: the HTML view; innerText bytes: its text), next
 * to the twin `GET /view/{docId}.md`. Collapsed nested parameters are not in the DOM until opened, so the
 * view's figures are a lower bound of what it shows when opened. `npm run build` first.
 * agents.bench.ts compares with a modelled HTML of the same view (no CSS classes, every row open).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startHarness } from '../e2e/harness.js';

const DOCS = Number(process.env.TWIN_DOCS ?? 80);

interface Node {
  id: string;
  isFolder?: number;
  children?: Node[];
}
const leaves = (nodes: Node[]): string[] => nodes.flatMap((n) => (n.isFolder ? leaves(n.children ?? []) : [n.id]));
const bytes = (s: string) => Buffer.byteLength(s);
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}%`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const spec = readFileSync(join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'), 'utf8');
  const h = await startHarness({ prefix: 'twin' });
  try {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'GitHub', isCompose: 0 });
    const project = await h.admin<{ id: string }>('POST', 'project/add', {
      spaceId: space.id,
      name: 'REST',
      description: '',
      isPrivate: 0,
    });
    const job = await h.admin<{ jobId: string }>('POST', 'import', { projectId: project.id, name: 'github', content: spec });
    for (let i = 0; ; i++) {
      const s = await h.admin<{ state: string }>('GET', 'import/status', { jobId: job.jobId });
      if (s.state === 'done') break;
      if (s.state === 'failed' || i > 600) throw new Error(`import: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const ids = leaves(await h.admin<Node[]>('GET', 'doc/view/dataByProject', { projectId: project.id }));
    const step = Math.max(1, Math.floor(ids.length / DOCS));
    const sample = ids.filter((_, i) => i % step === 0).slice(0, DOCS);
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    const rows: { twin: number; html: number; text: number }[] = [];
    for (const id of sample) {
      await page.goto(`/view/${id}`);
      await page.getByTestId('doc-title').waitFor();
      await page.waitForLoadState('networkidle');
      const { html, text } = await page.evaluate(() => {
        const a = document.querySelector('article.doc-content') as HTMLElement | null;
        return { html: a?.outerHTML ?? '', text: a?.innerText ?? '' };
      });
      const res = await fetch(`${h.baseUrl}/view/${id}.md`, { headers: { token: h.adminToken } });
      if (!res.ok) throw new Error(`twin ${id}: ${res.status}`);
      rows.push({ twin: bytes(await res.text()), html: bytes(html), text: bytes(text) });
    }
    const sum = (k: 'twin' | 'html' | 'text') => rows.reduce((s, r) => s + r[k], 0);
    console.log(
      `\nMarkdown twin vs the rendered doc view, GitHub REST import (${ids.length} docs; ${rows.length} sampled, Chromium 1,440 px)`,
    );
    console.log('| measure | twin bytes | view bytes | twin / view (all) | twin / view (per-doc median) | budget |');
    console.log('|---|---:|---:|---:|---:|---|');
    const html = sum('html');
    const text = sum('text');
    const twin = sum('twin');
    const okHtml = twin / html <= 0.25 ? 'met' : 'not met';
    console.log(
      `| view HTML (article outerHTML) | ${twin} | ${html} | ${pct(twin, html)} | ${pct(median(rows.map((r) => r.twin / r.html)), 1)} | ≤ 25%: ${okHtml} |`,
    );
    console.log(
      `| view text (article innerText) | ${twin} | ${text} | ${pct(twin, text)} | ${pct(median(rows.map((r) => r.twin / r.text)), 1)} | |`,
    );
  } finally {
    await h.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

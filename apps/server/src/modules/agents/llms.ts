/**
 * llms.txt (llmstxt.org): a title, a one-paragraph summary and the links to the Markdown twins grouped by
 * application and folder. Past LLMS_MAX_CHARS it becomes hierarchical: the top file links one file per
 * application (or top-level folder), each the same URL with `?application=` / `?folder=`.
 * llms-full.txt: every doc's Markdown twin in tree order, loaded in batches.
 */
import { type DocParam, ParamOwner, type TreeNode } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { loadDocDetails } from '../docs/doc-detail.js';
import { loadCommonParams, type ViewDoc } from '../shares/view-doc.js';
import { docMarkdown } from './doc-markdown.js';

export const LLMS_MAX_CHARS = 100_000;

export interface LlmsSection {
  title: string;
  nodes: TreeNode[];
  /** Query string that opens this section alone ('application=…' or 'folder=…'). */
  query: string;
}

export interface LlmsScope {
  title: string;
  summary: string;
  sections: LlmsSection[];
  /** URL of a doc's Markdown twin. */
  docUrl: (docId: string) => string;
  /** URL of this llms.txt (no query), for the links of a hierarchical index. */
  selfUrl: string;
  /** Query already applied (kept in sub-links). */
  baseQuery?: string;
}

const countDocs = (nodes: TreeNode[]): number => nodes.reduce((s, n) => s + (n.isFolder ? countDocs(n.children) : 1), 0);

function renderNodes(nodes: TreeNode[], scope: LlmsScope, path: string, out: string[]): void {
  const docs = nodes.filter((n) => !n.isFolder);
  if (docs.length) {
    if (path) out.push(`\n### ${path}\n`);
    for (const d of docs)
      out.push(`- [${d.name.replace(/[[\]]/g, '')}](${scope.docUrl(d.id)}): ${d.httpMethod ? `${d.httpMethod} ` : ''}${d.url}`);
  }
  for (const f of nodes.filter((n) => n.isFolder)) renderNodes(f.children, scope, path ? `${path} / ${f.name}` : f.name, out);
}

function header(scope: LlmsScope): string[] {
  return [`# ${scope.title}`, '', `> ${scope.summary.replace(/\s+/g, ' ').trim()}`, ''];
}

/** The whole index, flat. */
function flat(scope: LlmsScope): string {
  const out = header(scope);
  for (const s of scope.sections) {
    out.push(`## ${s.title}`, '');
    renderNodes(s.nodes, scope, '', out);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

/** llms.txt of a scope: flat when it fits, else a list of per-section files. */
export function renderLlmsIndex(scope: LlmsScope): string {
  const whole = flat(scope);
  if (whole.length <= LLMS_MAX_CHARS) return whole;
  let sections = scope.sections;
  if (sections.length === 1) {
    // One big section: split it by its top-level folders (its loose docs stay in a section of their own).
    const only = sections[0];
    const folders = only.nodes.filter((n) => n.isFolder);
    const loose = only.nodes.filter((n) => !n.isFolder);
    if (!folders.length) return whole;
    const base = only.query ? `${only.query}&` : '';
    sections = [
      ...(loose.length ? [{ title: only.title, nodes: loose, query: '' }] : []),
      ...folders.map((f) => ({ title: `${only.title} / ${f.name}`, nodes: f.children, query: `${base}folder=${f.id}` })),
    ];
  }
  const out = header(scope);
  out.push('## Sections', '');
  for (const s of sections) {
    if (!s.query) {
      renderNodes(s.nodes, scope, s.title, out);
      continue;
    }
    out.push(`- [${s.title}](${scope.selfUrl}?${s.query}): ${countDocs(s.nodes)} docs`);
  }
  return `${out.join('\n')}\n`;
}

/** Finds a folder node in a forest. */
export function findFolder(nodes: TreeNode[], id: string): TreeNode | null {
  for (const n of nodes) {
    if (n.isFolder && n.id === id) return n;
    const hit = findFolder(n.children, id);
    if (hit) return hit;
  }
  return null;
}

/** Doc ids of a forest in tree order. */
export function docIdsInOrder(nodes: TreeNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.isFolder) docIdsInOrder(n.children, out);
    else out.push(n.id);
  }
  return out;
}

/** Docs with their common params, a fixed number of queries per 500 docs plus one set per owner. */
export async function loadViewDocs(app: FastifyInstance, docIds: number[], compose?: number): Promise<ViewDoc[]> {
  const out: ViewDoc[] = [];
  const common = new Map<string, Awaited<ReturnType<typeof loadCommonParams>>>();
  const commonOf = async (ownerType: number, ownerId: number) => {
    const key = `${ownerType}:${ownerId}`;
    let c = common.get(key);
    if (!c) {
      c = await loadCommonParams(app.ctx, app.ctx.db, ownerType, ownerId);
      common.set(key, c);
    }
    return c;
  };
  for (let i = 0; i < docIds.length; i += 500) {
    const part = docIds.slice(i, i + 500);
    const details = await loadDocDetails(app.ctx, part);
    for (const id of part) {
      const d = details.get(id);
      if (!d || d.isFolder) continue;
      const moduleId = app.ctx.ids.decode(d.moduleId);
      const own = await commonOf(ParamOwner.MODULE, moduleId);
      const params = compose ? { ...(await commonOf(ParamOwner.COMPOSE, compose)), globalErrorCodes: own.globalErrorCodes } : own;
      out.push({
        ...d,
        ...(params as { globalHeaders: DocParam[]; globalParams: DocParam[]; globalReturns: DocParam[]; globalErrorCodes: DocParam[] }),
      });
    }
  }
  return out;
}

/** llms-full.txt: the title and summary, then every doc's twin. */
export async function renderLlmsFull(app: FastifyInstance, scope: LlmsScope, compose?: number): Promise<string> {
  const ids = scope.sections.flatMap((s) => docIdsInOrder(s.nodes)).map((id) => app.ctx.ids.decode(id));
  const docs = await loadViewDocs(app, ids, compose);
  const parts = header(scope);
  for (const d of docs) parts.push(`<!-- ${scope.docUrl(d.id)} -->`, docMarkdown(d).replace(/^# /, '## '), '');
  return `${parts.join('\n')}\n`;
}

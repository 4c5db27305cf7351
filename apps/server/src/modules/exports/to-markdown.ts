/**
 * Markdown exports: one file for the whole scope, or a zip with one file per doc in folder paths. Descriptions
 * are Markdown (sanitised); every plain-text field is escaped, so a stock renderer shows it as text and runs
 * nothing from it.
 */
import { markdownText } from '@folio/shared';
import { descriptionMarkdown } from '@folio/shared/markdown';
import { docView, labels, type RowView } from './doc-view.js';
import type { ExportSet, OutlineNode } from './export-scope.js';
import { walkOutline } from './export-scope.js';
import { zipFiles } from './zip.js';

const cell = (s: string) => markdownText(s, { inline: true });
const descCell = (r: RowView) => [descriptionMarkdown(r.description, { inline: true }), cell(r.enums)].filter(Boolean).join(' ');
/** Inline code showing `s` as it is (a fence longer than any backtick run inside). */
const code = (s: string) => {
  const ticks = '`'.repeat(Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length)) + 1);
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${s.replace(/\r?\n/g, ' ')}${ticks.length > 1 ? ' ' : ''}${ticks}`;
};

/** One doc as Markdown, headed at the given level. */
export function docMarkdown(node: OutlineNode, set: ExportSet, lang: string, level: number): string {
  const d = node.doc;
  if (!d) return '';
  const L = labels(lang);
  const v = docView(d, set.env, lang, set.commonReturns.get(d.moduleId) ?? []);
  const h = '#'.repeat(Math.min(6, level));
  const out: string[] = [`${h} ${cell(v.name)}`, ''];
  if (v.isMarkdown) {
    out.push(descriptionMarkdown(v.description), '');
    return out.join('\n');
  }
  out.push(`**${L.url}:** ${code(`${v.method} ${v.url}`)}`, '');
  if (v.contentType) out.push(`**${L.contentType}:** ${cell(v.contentType)}`, '');
  if (v.deprecated) out.push(v.deprecationReason ? `**${L.deprecated}:** ${cell(v.deprecationReason)}` : `**${L.deprecated}**`, '');
  if (v.author) out.push(`**${L.author}:** ${cell(v.author)}`, '');
  if (v.description) out.push(descriptionMarkdown(v.description), '');
  const sub = '#'.repeat(Math.min(6, level + 1));
  for (const s of v.sections) {
    out.push(`${sub} ${s.title}`, '');
    const withReq = s.key !== 'response';
    out.push(
      withReq
        ? `| ${L.name} | ${L.type} | ${L.required} | ${L.maxLength} | ${L.example} | ${L.description} |`
        : `| ${L.name} | ${L.type} | ${L.example} | ${L.description} |`,
      withReq ? '|---|---|---|---|---|---|' : '|---|---|---|---|',
    );
    for (const r of s.rows) {
      const name = `${r.depth ? `${'&nbsp;&nbsp;'.repeat(r.depth)}└ ` : ''}${cell(r.name)}`;
      out.push(
        withReq
          ? `| ${name} | ${cell(r.type)} | ${r.required ? L.yes : L.no} | ${cell(r.maxLength)} | ${cell(r.example)} | ${descCell(r)} |`
          : `| ${name} | ${cell(r.type)} | ${cell(r.example)} | ${descCell(r)} |`,
      );
    }
    out.push('');
  }
  if (v.codes.length) {
    out.push(`${sub} ${L.codes}`, '', `| ${L.code} | ${L.msg} | ${L.solution} |`, '|---|---|---|');
    for (const c of v.codes) out.push(`| ${cell(String(c.code))} | ${cell(c.msg)} | ${cell(c.solution)} |`);
    out.push('');
  }
  return out.join('\n');
}

/** The whole scope as one Markdown file. */
export function toMarkdown(set: ExportSet, lang: string): string {
  const parts: string[] = [`# ${cell(set.title)}`, ''];
  const single = set.roots.length === 1 && set.roots[0].kind === 'module';
  walkOutline(set.roots, (n, depth) => {
    const level = (single ? depth : depth + 1) + 1;
    if (n.kind === 'doc') parts.push(docMarkdown(n, set, lang, level));
    else if (!(single && n.kind === 'module')) parts.push(`${'#'.repeat(Math.min(6, level))} ${cell(n.name)}`, '');
  });
  return parts.join('\n');
}

const safe = (s: string) =>
  [...s]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 100) || '_';

/** The scope as a zip: one Markdown file per doc, folders as directories. */
export function toMarkdownZip(set: ExportSet, lang: string): Buffer {
  const files: Record<string, string> = {};
  const single = set.roots.length === 1 && set.roots[0].kind === 'module';
  walkOutline(set.roots, (n, _depth, path) => {
    if (n.kind !== 'doc') return;
    const dir = (single ? path.slice(1) : path).map(safe).join('/');
    let name = `${dir ? `${dir}/` : ''}${safe(n.name)}.md`;
    for (let i = 2; files[name]; i++) name = `${dir ? `${dir}/` : ''}${safe(n.name)} (${i}).md`;
    files[name] = docMarkdown(n, set, lang, 1);
  });
  return zipFiles(files, 6);
}

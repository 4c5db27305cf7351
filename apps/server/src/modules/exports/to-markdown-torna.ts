/**
 * Markdown in Torna's layout, what Torna users expect from its "export Markdown": per doc `#### URL` with
 * the environment list, `描述：`, `ContentType：`, parameter tables with `└ ` before child names, `#### 响应示例`
 * with a JSON example, `#### 错误码`. Labels follow the reader's language (Torna's own in zh-CN). As in the
 * other Markdown export, descriptions are Markdown (sanitised) and every plain field is escaped.
 */
import { markdownText } from '@folio/shared';
import { descriptionMarkdown } from '@folio/shared/markdown';
import { generateDefaultBody } from '../mock/mock-default.js';
import { docView, fullUrl, type RowView } from './doc-view.js';
import type { ExportSet, OutlineNode } from './export-scope.js';
import { walkOutline } from './export-scope.js';

const TEXT: Record<string, Record<string, string>> = {
  'zh-CN': {
    description: '描述：',
    contentType: 'ContentType：',
    header: '请求头',
    path: 'Path参数',
    query: 'Query参数',
    request: 'Body参数',
    response: '响应参数',
    name: '名称',
    type: '类型',
    required: '是否必须',
    maxLength: '最大长度',
    example: '示例',
    desc: '描述',
    responseExample: '响应示例',
    codes: '错误码',
    code: '错误码',
    msg: '错误描述',
    solution: '解决方案',
    yes: '是',
    no: '否',
    deprecated: '已废弃',
    deprecatedBecause: '已废弃：',
  },
  en: {
    description: 'Description: ',
    contentType: 'ContentType: ',
    header: 'Headers',
    path: 'Path parameters',
    query: 'Query parameters',
    request: 'Body parameters',
    response: 'Response parameters',
    name: 'Name',
    type: 'Type',
    required: 'Required',
    maxLength: 'Max length',
    example: 'Example',
    desc: 'Description',
    responseExample: 'Response example',
    codes: 'Error codes',
    code: 'Code',
    msg: 'Message',
    solution: 'Solution',
    yes: 'yes',
    no: 'no',
    deprecated: 'Deprecated',
    deprecatedBecause: 'Deprecated: ',
  },
};

const cell = (s: string) => markdownText(s, { inline: true });
const descCell = (r: RowView) => [descriptionMarkdown(r.description, { inline: true }), cell(r.enums)].filter(Boolean).join(' ');
/** A child's name: Torna's `└ ` after an indent per level. */
const rowName = (r: RowView) => `${r.depth ? `${'&nbsp;&nbsp;'.repeat(r.depth - 1)}└ ` : ''}${cell(r.name)}`;
/** A fenced block that no backtick run inside can close. */
const fence = (lang: string, body: string) => {
  const ticks = '`'.repeat(Math.max(3, ...(body.match(/`+/g) ?? []).map((m) => m.length + 1)));
  return `${ticks}${lang}\n${body}\n${ticks}`;
};

/** One doc in Torna's layout (`##` for the doc, `####` for its parts, as Torna writes them). */
export function docMarkdownTorna(node: OutlineNode, set: ExportSet, lang: string): string {
  const d = node.doc;
  if (!d) return '';
  const T = TEXT[lang] ?? TEXT.en;
  const common = set.commonReturns.get(d.moduleId) ?? [];
  const v = docView(d, set.env, lang, common);
  const out: string[] = [`## ${cell(v.name)}`, ''];
  if (v.isMarkdown) {
    out.push(descriptionMarkdown(v.description), '');
    return out.join('\n');
  }
  // The chosen environment, else every environment of the doc's application, else the path alone.
  const envs = set.env ? [set.env] : set.envs.filter((e) => e.moduleId === d.moduleId);
  out.push('#### URL', '');
  if (envs.length) for (const e of envs) out.push(`- ${cell(e.name)}: \`${d.httpMethod}\` ${cell(fullUrl(d, e))}`);
  else out.push(`- \`${d.httpMethod}\` ${cell(d.url)}`);
  out.push('');
  out.push(`${T.description}${v.description ? descriptionMarkdown(v.description, { inline: true }) : ''}`, '');
  if (v.deprecated) out.push(v.deprecationReason ? `${T.deprecatedBecause}${cell(v.deprecationReason)}` : T.deprecated, '');
  out.push(`${T.contentType}\`${v.contentType.replace(/`/g, '') || '-'}\``, '');
  for (const s of v.sections) {
    out.push(`#### ${T[s.key]}`, '');
    const req = s.key !== 'response';
    out.push(
      req
        ? `| ${T.name} | ${T.type} | ${T.required} | ${T.maxLength} | ${T.desc} | ${T.example} |`
        : `| ${T.name} | ${T.type} | ${T.desc} |`,
      req ? '|---|---|---|---|---|---|' : '|---|---|---|',
    );
    for (const r of s.rows)
      out.push(
        req
          ? `| ${rowName(r)} | ${cell(r.type)} | ${r.required ? T.yes : T.no} | ${r.maxLength && r.maxLength !== '-' ? cell(r.maxLength) : '-'} | ${descCell(r)} | ${cell(r.example)} |`
          : `| ${rowName(r)} | ${cell(r.type)} | ${descCell(r)} |`,
      );
    out.push('');
  }
  if (v.sections.some((s) => s.key === 'response')) {
    out.push(`#### ${T.responseExample}`, '', fence('json', JSON.stringify(generateDefaultBody(d, common), null, 4)), '');
  }
  if (v.codes.length) {
    out.push(`#### ${T.codes}`, '', `| ${T.code} | ${T.msg} | ${T.solution} |`, '|---|---|---|');
    for (const c of v.codes) out.push(`| ${cell(String(c.code))} | ${cell(c.msg)} | ${cell(c.solution)} |`);
    out.push('');
  }
  return out.join('\n');
}

/** The whole scope as one Markdown file in Torna's layout (folders as `#` headings). */
export function toMarkdownTorna(set: ExportSet, lang: string): string {
  const parts: string[] = [`# ${cell(set.title)}`, ''];
  const single = set.roots.length === 1 && set.roots[0].kind === 'module';
  walkOutline(set.roots, (n, _depth, path) => {
    if (n.kind === 'doc') parts.push(docMarkdownTorna(n, set, lang));
    else if (!(single && n.kind === 'module')) parts.push(`# ${cell([...(single ? path.slice(1) : path), n.name].join(' / '))}`, '');
  });
  return parts.join('\n');
}

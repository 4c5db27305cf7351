/**
 * The Markdown twin of a doc, for agents and "Copy as Markdown": method and URL, description, one table per
 * parameter kind (nested params as dotted paths, `[]` for arrays), enums, examples (request and response
 * JSON, the response wrapped in the application's common response at its `$data$` node) and error codes.
 * The application's (or compose project's) common headers and params are applied as the doc view does.
 * Compact by design: one line per parameter, JSON examples on one line, and body/response example values
 * only in the JSON examples (not repeated in the tables).
 */
import { type DocParam, DocType } from '@folio/shared';
import { descriptionMarkdown } from '@folio/shared/markdown';
import { wrapResponse } from '../docs/param-input.js';
import { generateDefaultBody, paramsObject } from '../mock/mock-default.js';
import type { ViewDoc } from '../shares/view-doc.js';

const cell = (s: string) =>
  s
    .replace(/(?<!\\)\|/g, '\\|')
    .replace(/\r?\n/g, ' ')
    .trim();
const ARRAYISH = /^(array|list|set)|\[\]$/i;

function enumText(p: DocParam): string {
  const items = p.enumInfo?.items ?? [];
  if (!items.length) return '';
  const list = items.map((i) => `${i.value || i.name}${i.description && i.description !== i.value ? ` (${i.description})` : ''}`);
  return `enum: ${list.join(', ')}`;
}

/**
 * Rows of a parameter tree, depth first, named by their dotted path. Example values are left out when the
 * section's JSON example shows them (`examples: false`), so each value appears once.
 */
function rows(params: DocParam[], prefix: string, out: string[], examples: boolean, required: boolean, depth = 0): void {
  if (depth > 32) return;
  for (const p of params) {
    if (!p.name) continue;
    const path = prefix ? `${prefix}.${p.name}` : p.name;
    const notes = [descriptionMarkdown(p.description, { inline: true }), enumText(p)];
    if (examples && p.example && !p.children?.length && p.example !== '$data$') notes.push(`e.g. \`${p.example.replace(/`/g, "'")}\``);
    const req = required ? ` ${p.required ? 'yes' : ''} |` : '';
    out.push(`| ${cell(path)} | ${cell(p.type || 'string')} |${req} ${cell(notes.filter(Boolean).join('; '))} |`);
    if (p.children?.length) rows(p.children, ARRAYISH.test(p.type ?? '') ? `${path}[]` : path, out, examples, required, depth + 1);
  }
}

/** A parameter table; responses have no Required column (as in the doc view). */
function table(title: string, params: DocParam[], examples = true, required = true): string {
  if (!params.length) return '';
  const out = [
    `### ${title}`,
    required ? '| Name | Type | Required | Description |\n|---|---|---|---|' : '| Name | Type | Description |\n|---|---|---|',
  ];
  rows(params, '', out, examples, required);
  return out.join('\n');
}

const json = (v: unknown) => `\`\`\`json\n${JSON.stringify(v)}\n\`\`\``;

export interface MarkdownOptions {
  /** Base URL of the first environment, prefixed to the doc's path when given. */
  baseUrl?: string;
}

/** Renders a doc (with its common params) as Markdown. */
export function docMarkdown(doc: ViewDoc, opts: MarkdownOptions = {}): string {
  const parts: string[] = [`# ${doc.name}`];
  const deprecated =
    doc.deprecated && doc.deprecated !== '$false$' ? ` · deprecated${doc.deprecated === '$true$' ? '' : `: ${doc.deprecated}`}` : '';
  if (doc.type === DocType.MARKDOWN || doc.type === DocType.CUSTOM) {
    if (deprecated) parts.push(deprecated.slice(3));
    parts.push(descriptionMarkdown(doc.description));
    return `${parts.filter(Boolean).join('\n\n')}\n`;
  }
  const method = doc.type === DocType.DUBBO ? 'DUBBO' : doc.httpMethod || 'GET';
  const url = `${opts.baseUrl ?? ''}${doc.url}`;
  parts.push(`\`${method} ${url}\`${doc.contentType ? ` · ${doc.contentType}` : ''}${deprecated}`);
  if (doc.dubboInfo?.interfaceName) parts.push(`Dubbo interface \`${doc.dubboInfo.interfaceName}\` ${doc.dubboInfo.version}`.trim());
  const desc = descriptionMarkdown(doc.description);
  if (desc && desc !== doc.name) parts.push(desc);

  const headers = [...(doc.isUseGlobalHeaders === 0 ? [] : doc.globalHeaders), ...doc.headerParams];
  const body = [...(doc.isUseGlobalParams === 0 ? [] : doc.globalParams), ...doc.requestParams];
  const commonReturns = doc.isUseGlobalReturns === 0 ? [] : doc.globalReturns;
  const response = wrapResponse(commonReturns, doc.responseParams);
  parts.push(table('Headers', headers));
  parts.push(table('Path parameters', doc.pathParams));
  parts.push(table('Query parameters', doc.queryParams));
  const jsonBody = body.length > 0 && !/x-www-form-urlencoded|multipart/i.test(doc.contentType);
  parts.push(table(`Request body${doc.isRequestArray ? ' (array)' : ''}`, body, !jsonBody));
  parts.push(table(`Response${doc.isResponseArray ? ' (array)' : ''}`, response, false, false));
  if (jsonBody) {
    const ex = paramsObject(body);
    parts.push(`### Request example\n${json(doc.isRequestArray ? [ex] : ex)}`);
  }
  if (doc.responseParams.length || response.length) {
    parts.push(`### Response example\n${json(generateDefaultBody(doc, commonReturns))}`);
  }
  const codes = [
    ...doc.errorCodeParams,
    ...doc.globalErrorCodes.map((c) => ({ code: c.name, msg: c.description, solution: c.example })),
  ].filter((c) => c.code);
  if (codes.length) {
    const out = ['### Error codes', '| Code | Message | Solution |', '|---|---|---|'];
    for (const c of codes)
      out.push(
        `| ${cell(c.code)} | ${cell(descriptionMarkdown(c.msg, { inline: true }))} | ${cell(descriptionMarkdown(c.solution, { inline: true }))} |`,
      );
    parts.push(out.join('\n'));
  }
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

/**
 * The Markdown twin of a doc, for agents and "Copy as Markdown": method and URL, description, one list per
 * parameter kind (nested params indented under their parent), enums, examples (request and response
 * JSON, the response wrapped in the application's common response at its `$data$` node) and error codes.
 * The application's (or compose project's) common headers and params are applied as the doc view does.
 * Compact by design: one line per parameter in a nested list (no repeated parent paths, no empty columns),
 * JSON examples on one line, and body/response example values only in the JSON examples.
 */
import { type DocAuth, type DocAuthScheme, type DocParam, DocType, deprecationReason, isDeprecated } from '@folio/shared';
import { descriptionMarkdown } from '@folio/shared/markdown';
import { wrapResponse } from '../docs/param-input.js';
import { generateDefaultBody, paramsObject } from '../mock/mock-default.js';
import type { ViewDoc } from '../shares/view-doc.js';

/** One line of text: line breaks become spaces. */
const inline = (s: string) => s.replace(/\s*\r?\n\s*/g, ' ').trim();

function enumText(p: DocParam): string {
  const items = p.enumInfo?.items ?? [];
  if (!items.length) return '';
  const list = items.map((i) => `${i.value || i.name}${i.description && i.description !== i.value ? ` (${i.description})` : ''}`);
  return `enum: ${list.join(', ')}`;
}

/** Subtrees of at least this many lines printed once per doc; later copies point at the first. */
const SHARED_MIN = 3;

/**
 * A parameter tree as a nested list, one line per parameter: `- name (type, required): description; enum;
 * e.g. example`, children indented under their parent (the items of an array under the array). Example
 * values are left out when the section's JSON example shows them (`examples: false`), so each value appears
 * once; `required` only where a parameter is required. A subtree repeated in the doc (GitHub's `user` object
 * under every `owner`, `assignee`, …) is printed once; its copies say `same fields as <path>`.
 */
function lines(params: DocParam[], examples: boolean, seen: Map<string, string>, path: string, depth = 0): string[] {
  const out: string[] = [];
  if (depth > 32) return out;
  for (const p of params) {
    if (!p.name) continue;
    const notes = [descriptionMarkdown(p.description, { inline: true }), enumText(p)];
    if (examples && p.example && !p.children?.length && p.example !== '$data$') notes.push(`e.g. \`${p.example.replace(/`/g, "'")}\``);
    const name = inline(p.name);
    const here = path ? `${path}.${name}` : name;
    const kids = p.children?.length ? lines(p.children, examples, seen, here, depth + 1) : [];
    if (kids.length >= SHARED_MIN) {
      const key = kids.join('\n');
      const first = seen.get(key);
      if (first) {
        kids.length = 0;
        notes.push(`same fields as \`${first}\``);
      } else seen.set(key, here);
    }
    const meta = p.required ? `${p.type || 'string'}, required` : p.type || 'string';
    const text = inline(notes.filter(Boolean).join('; '));
    out.push(`- ${name} (${inline(meta)})${text ? `: ${text}` : ''}`);
    for (const k of kids) out.push(`  ${k}`);
  }
  return out;
}

/** A parameter section: its title and the nested list. */
function table(title: string, params: DocParam[], seen: Map<string, string>, examples = true): string {
  if (!params.length) return '';
  return [`### ${title}`, ...lines(params, examples, seen, '')].join('\n');
}

const json = (v: unknown) => `\`\`\`json\n${JSON.stringify(v)}\n\`\`\``;

/** A spec example's value when it is JSON (undefined for none or other text). */
function ownExample(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface MarkdownOptions {
  /** Base URL of the first environment, prefixed to the doc's path when given. */
  baseUrl?: string;
}

const code = (s: string) => `\`${inline(s).replace(/`/g, "'")}\``;

/** One scheme of a doc's security: kind, where the credential goes, scopes. */
function schemeMarkdown(s: DocAuthScheme): string {
  const kind =
    s.type === 'http' ? `HTTP ${s.scheme ?? ''}`.trim() : s.type === 'apiKey' ? 'API key' : s.type === 'oauth2' ? 'OAuth 2' : s.type;
  const where =
    s.type === 'apiKey' && s.paramName
      ? ` in ${s.in === 'query' ? 'query parameter' : s.in === 'cookie' ? 'cookie' : 'header'} ${code(s.paramName)}`
      : s.type === 'http' || s.type === 'oauth2' || s.type === 'openIdConnect'
        ? ' in header `Authorization`'
        : '';
  return `${code(s.name)}: ${kind}${where}${s.scopes.length ? `, scopes ${s.scopes.map(code).join(', ')}` : ''}`;
}

/** The security a doc needs, as the "Authorization" section. */
function authMarkdown(auth: DocAuth): string {
  const alts = auth.filter((a) => a.length);
  const out = ['### Authorization'];
  if (!alts.length) out.push('None needed.');
  else {
    if (alts.length > 1) out.push('Any one of:');
    for (const a of alts) out.push(`- ${a.map(schemeMarkdown).join(' and ')}`);
    if (alts.length < auth.length) out.push('Or none (optional).');
  }
  return out.join('\n');
}

/** Renders a doc (with its common params) as Markdown. */
export function docMarkdown(doc: ViewDoc, opts: MarkdownOptions = {}): string {
  const parts: string[] = [`# ${doc.name}`];
  const reason = deprecationReason(doc.deprecated);
  const deprecated = isDeprecated(doc.deprecated) ? ` · deprecated${reason ? `: ${reason}` : ''}` : '';
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

  if (doc.security) parts.push(authMarkdown(doc.security));
  const headers = [...(doc.isUseGlobalHeaders === 0 ? [] : doc.globalHeaders), ...doc.headerParams];
  const body = [...(doc.isUseGlobalParams === 0 ? [] : doc.globalParams), ...doc.requestParams];
  const commonReturns = doc.isUseGlobalReturns === 0 ? [] : doc.globalReturns;
  const response = wrapResponse(commonReturns, doc.responseParams);
  const seen = new Map<string, string>();
  parts.push(table('Headers', headers, seen));
  parts.push(table('Path parameters', doc.pathParams, seen));
  parts.push(table('Query parameters', doc.queryParams, seen));
  const jsonBody = body.length > 0 && !/x-www-form-urlencoded|multipart/i.test(doc.contentType);
  parts.push(table(`Request body${doc.isRequestArray ? ' (array)' : ''}`, body, seen, !jsonBody));
  parts.push(table(`Response${doc.isResponseArray ? ' (array)' : ''}`, response, seen, false));
  // The spec's own first example when it has one (as the view shows it first), else one from the params.
  const own = ownExample(doc.requestExamples?.[0]?.value);
  if (own !== undefined) parts.push(`### Request example\n${json(own)}`);
  else if (jsonBody) {
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
    const out = ['### Error codes'];
    for (const c of codes) {
      const text = [descriptionMarkdown(c.msg, { inline: true }), descriptionMarkdown(c.solution, { inline: true })].filter(Boolean);
      out.push(`- ${inline(c.code)}${text.length ? `: ${inline(text.join(' — '))}` : ''}`);
    }
    parts.push(out.join('\n'));
  }
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

/**
 * YApi exports → the Torna push payload. Markdown (YApi 1.11 export-data `common/markdown.js`):
 * `# ` category → folder, `## ` interface → HTTP doc (Path/Method lines, the Headers / 路径参数 / Query /
 * Body pipe tables and the HTML JSON-schema tables whose nesting is `padding-left` + `├─`); a section
 * without Path/Method becomes a Markdown doc. YApi's JSON export (categories with `list`) as well.
 */
import type { PushDocItem, PushParam, PushPayload } from '@folio/shared';
import { type StoredText, text as storedText } from '../../i18n/stored-text.js';
import { ImportInputError, parseStructured, stripBom } from './spec-text.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const decodeEntities = (s: string) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const stripTags = (s: string) => decodeEntities(s.replace(/<[^>]*>/g, '')).trim();
const yes = (s: string) => /^(是|必须|true|yes|required|1)$/i.test(s.trim());

/** YApi type text → Folio type ("string []" → "array[string]", "object []" → "array"). */
function yapiType(t: string): string {
  const s = t.trim().toLowerCase();
  if (!s) return 'string';
  const arr = /^(\w+)\s*\[\]$/.exec(s);
  if (arr) return arr[1] === 'object' ? 'array' : `array[${arr[1] === 'text' ? 'string' : arr[1]}]`;
  if (s === 'text') return 'string';
  return s;
}

/** Reads the pipe table that starts at `lines[i]`; returns header cells, rows and the next index. */
function readPipeTable(lines: string[], start: number): { head: string[]; rows: string[][]; next: number } {
  const cells = (l: string) =>
    l
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => stripTags(c));
  const head = cells(lines[start]);
  let i = start + 1;
  if (i < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i])) i++;
  const rows: string[][] = [];
  while (i < lines.length && lines[i].trim().startsWith('|')) rows.push(cells(lines[i++]));
  return { head, rows, next: i };
}

function pipeParams(head: string[], rows: string[][], kind: string): PushParam[] {
  const col = (...names: string[]) => head.findIndex((h) => names.some((n) => h.includes(n)));
  const iName = Math.max(0, col('参数名称', 'name', '名称'));
  const iType = col('参数类型', '类型', 'type');
  const iValue = col('参数值', 'value');
  const iReq = col('是否必须', 'required');
  const iEx = col('示例', 'example');
  const iDesc = col('备注', 'description', '说明');
  return rows
    .filter((r) => r[iName])
    .map((r) => ({
      name: r[iName],
      type: iType >= 0 ? (yapiType(r[iType]) === 'file' ? 'file' : yapiType(r[iType])) : 'string',
      required: kind === 'path' ? 1 : iReq >= 0 && yes(r[iReq]) ? 1 : 0,
      example: (iEx >= 0 && r[iEx]) || (iValue >= 0 ? r[iValue] : ''),
      description: iDesc >= 0 ? r[iDesc] : '',
    }));
}

/** Reads YApi's HTML JSON-schema table: nesting from `padding-left` (20px per level). */
export function htmlSchemaParams(html: string): PushParam[] {
  const roots: PushParam[] = [];
  const stack: { level: number; p: PushParam }[] = [];
  for (const m of html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)) {
    const tds = [...m[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((x) => x[1]);
    if (tds.length < 3) continue;
    const pad = /padding-left:\s*(\d+)px/.exec(tds[0]);
    const level = pad ? Math.round(Number(pad[1]) / 20) : 0;
    const name = stripTags(tds[0]).replace(/^[├└│─\s]+/, '');
    const desc = stripTags(tds[4] ?? '');
    const other = stripTags(tds[5] ?? '');
    while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
    const parent = stack[stack.length - 1]?.p;
    if (!name) {
      // The item row of an array ("├─" with no name): its description belongs to the array.
      if (parent && desc && !parent.description) parent.description = desc;
      continue;
    }
    const p: PushParam = {
      name,
      type: yapiType(stripTags(tds[1])),
      required: yes(stripTags(tds[2])) ? 1 : 0,
      example: stripTags(tds[3] ?? ''),
      description: [desc, other && !/^mock:/.test(other) && !/^item 类型/.test(other) ? other : ''].filter(Boolean).join(' '),
    };
    const en = /枚举:\s*([^\n]+)/.exec(other);
    if (en) {
      const items = en[1]
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length) p.enumInfo = { name, items: items.map((v) => ({ name: v, value: v, type: 'string', description: '' })) };
    }
    if (parent) {
      parent.children = parent.children ?? [];
      parent.children.push(p);
    } else roots.push(p);
    stack.push({ level, p });
  }
  return roots;
}

interface Section {
  title: string;
  lines: string[];
  line: number;
}

function convertSection(sec: Section, author: string, warnings: StoredText[]): PushDocItem {
  const text = sec.lines.join('\n');
  const path = /\*\*Path[：:]\*\*\s*(\S+)/.exec(text)?.[1] ?? '';
  const method = /\*\*Method[：:]\*\*\s*([A-Za-z]+)/.exec(text)?.[1] ?? '';
  const body = text.replace(/^<a id=[^>]*>\s*<\/a>\s*$/m, '').trim();
  if (!path || !method) {
    return { name: sec.title.slice(0, 128), type: 3, description: body, author };
  }
  const doc: PushDocItem = {
    name: sec.title.slice(0, 128),
    author,
    type: 0,
    url: path,
    httpMethod: method.toUpperCase(),
    contentType: '',
    deprecated: '$false$',
    headerParams: [],
    pathParams: [],
    queryParams: [],
    requestParams: [],
    responseParams: [],
    errorCodeParams: [],
  };
  // The description runs from 接口描述 to the next ### heading.
  const dm = /\*\*接口描述[：:]\*\*([\s\S]*?)(?=\n###\s|$)/.exec(text);
  doc.description = dm ? decodeEntities(dm[1].trim()) : '';
  const lines = sec.lines;
  let part: 'request' | 'response' | '' = '';
  let table = '';
  let unread = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].trim();
    if (/^###\s*请求参数/.test(l)) part = 'request';
    else if (/^###\s*返回数据/.test(l)) part = 'response';
    else if (/^###\s/.test(l)) part = '';
    const label = /^\*\*(Headers|路径参数|Query|Body)\*\*$/.exec(l);
    if (label) {
      table = label[1];
      continue;
    }
    if (l.startsWith('|') && part) {
      const t = readPipeTable(lines, i);
      i = t.next - 1;
      if (table === 'Headers') {
        doc.headerParams = pipeParams(t.head, t.rows, 'header');
        const ct = doc.headerParams.find((h) => (h.name ?? '').toLowerCase() === 'content-type');
        if (ct) doc.contentType = String(ct.example ?? '');
      } else if (table === '路径参数') doc.pathParams = pipeParams(t.head, t.rows, 'path');
      else if (table === 'Query') doc.queryParams = pipeParams(t.head, t.rows, 'query');
      else if (table === 'Body' || part === 'request') doc.requestParams = pipeParams(t.head, t.rows, 'body');
      else unread = true;
      continue;
    }
    if (l.startsWith('<table') && part) {
      let j = i;
      const buf: string[] = [];
      while (j < lines.length) {
        buf.push(lines[j]);
        if (lines[j].includes('</table>')) break;
        j++;
      }
      i = j;
      const params = htmlSchemaParams(buf.join('\n'));
      if (part === 'response') doc.responseParams = params;
      else {
        doc.requestParams = params;
        if (!doc.contentType) doc.contentType = 'application/json';
      }
      continue;
    }
    if (part === 'response' && /^```/.test(l)) {
      // A raw response example block: kept in the description.
      let j = i + 1;
      const buf: string[] = [];
      while (j < lines.length && !/^```/.test(lines[j].trim())) buf.push(lines[j++]);
      i = j;
      doc.description = `${doc.description}\n\n**Response example:**\n\n\`\`\`\n${buf.join('\n')}\n\`\`\``.trim();
    }
  }
  if (unread) warnings.push(storedText('import.warn.yapi_table', { line: sec.line, title: sec.title }));
  return doc;
}

/** Converts a YApi Markdown export into a push payload (HTTP docs where the tables can be read). */
export async function yapiMarkdownToPush(
  markdown: string,
  opts: { author?: string } = {},
): Promise<{ payload: PushPayload; warnings: StoredText[] }> {
  const text = stripBom(markdown);
  if (!text.trim()) throw new ImportInputError('import.empty');
  const author = opts.author ?? '';
  const warnings: StoredText[] = [];
  const lines = text.split(/\r?\n/);
  const apis: PushDocItem[] = [];
  let folder: PushDocItem | null = null;
  let sec: Section | null = null;
  let inFence = false;
  // What comes before the first category: the project's introduction and its `### 公共信息` (wiki) block.
  const preamble: string[] = [];
  let started = false;
  const flush = () => {
    if (!sec) return;
    const d = convertSection(sec, author, warnings);
    if (folder) folder.items = folder.items ?? [];
    const list = folder?.items ?? apis;
    d.orderIndex = list.length;
    list.push(d);
    sec = null;
  };
  lines.forEach((line, idx) => {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const h1 = !inFence && /^#\s+(.+)$/.exec(line);
    const h2 = !inFence && /^##\s+(.+)$/.exec(line);
    if (h1 || h2) started = true;
    if (h1) {
      flush();
      folder = { name: h1[1].trim().slice(0, 128), isFolder: 1, items: [], orderIndex: apis.length, author };
      apis.push(folder);
    } else if (h2) {
      flush();
      sec = { title: h2[1].trim(), lines: [], line: idx + 1 };
    } else if (sec) sec.lines.push(line);
    else if (!started) preamble.push(line);
  });
  flush();
  const wiki = wikiDoc(preamble, author);
  if (wiki) {
    apis.unshift(wiki);
    apis.forEach((a, i) => {
      a.orderIndex = i;
    });
  }
  const docs = apis.reduce((n, a) => n + (a.isFolder ? (a.items?.length ?? 0) : 1), 0);
  if (!docs) throw new ImportInputError('import.no_operations');
  return { payload: { apis: apis.filter((a) => !a.isFolder || a.items?.length), author }, warnings };
}

/**
 * The project's wiki block (`### 公共信息` and the introduction above it, without the project-name heading)
 * as a Markdown doc, or null when there is none.
 */
function wikiDoc(lines: string[], author: string): PushDocItem | null {
  const text = lines
    .filter((l) => !/^\s*<h1 class="curproject-name">/.test(l))
    .join('\n')
    .trim();
  if (!text) return null;
  const heading = /^###\s+(.+)$/m.exec(text)?.[1]?.trim();
  return { name: (heading || '公共信息').slice(0, 128), type: 3, description: text, author };
}

/** Converts YApi's JSON export (`[{name, desc, list: [interface]}]`) into a push payload. */
export async function yapiJsonToPush(
  input: unknown,
  opts: { author?: string } = {},
): Promise<{ payload: PushPayload; warnings: StoredText[] }> {
  const data = typeof input === 'string' ? parseStructured(input) : input;
  if (!Array.isArray(data)) throw new ImportInputError('import.not_yapi');
  const author = opts.author ?? '';
  const warnings: StoredText[] = [];
  const schemaParams = (raw: unknown): PushParam[] => {
    let s: unknown = raw;
    if (typeof raw === 'string') {
      try {
        s = JSON.parse(raw);
      } catch {
        return [];
      }
    }
    const conv = (name: string, sch: Obj, req: boolean, depth: number): PushParam => {
      const t = str(sch.type) || 'string';
      const p: PushParam = {
        name,
        type: t,
        required: req ? 1 : 0,
        description: str(sch.description),
        example: sch.default !== undefined ? str(sch.default) : '',
      };
      if (Array.isArray(sch.enum))
        p.enumInfo = {
          name,
          items: sch.enum.map((v) => ({ name: str(v), value: str(v), type: typeof v === 'number' ? 'number' : 'string', description: '' })),
        };
      if (depth > 12) return p;
      if (t === 'object' && isObj(sch.properties)) p.children = objParams(sch, depth + 1);
      if (t === 'array' && isObj(sch.items)) {
        if (isObj(sch.items.properties)) p.children = objParams(sch.items, depth + 1);
        else p.type = `array[${str(sch.items.type) || 'string'}]`;
      }
      return p;
    };
    const objParams = (sch: Obj, depth: number): PushParam[] => {
      const req = new Set(Array.isArray(sch.required) ? sch.required.map(String) : []);
      return Object.entries(isObj(sch.properties) ? sch.properties : {}).map(([k, v]) => conv(k, isObj(v) ? v : {}, req.has(k), depth));
    };
    if (!isObj(s)) return [];
    if (s.type === 'array' && isObj(s.items)) return objParams(s.items, 0);
    return objParams(s, 0);
  };
  const kv = (list: unknown, kind: string): PushParam[] =>
    (Array.isArray(list) ? list : []).filter(isObj).map((x) => ({
      name: str(x.name),
      type: x.type === 'file' ? 'file' : 'string',
      required: kind === 'path' || str(x.required) === '1' ? 1 : 0,
      example: str(x.example ?? x.value),
      description: str(x.desc),
    }));
  const apis: PushDocItem[] = data.filter(isObj).map((cat, ci) => ({
    name: str(cat.name).slice(0, 128) || `Category ${ci + 1}`,
    description: str(cat.desc),
    isFolder: 1,
    orderIndex: ci,
    author,
    items: (Array.isArray(cat.list) ? cat.list : []).filter(isObj).map((it, i) => {
      const form = it.req_body_type === 'form';
      return {
        name: str(it.title).slice(0, 128) || str(it.path),
        description: str(it.desc || it.markdown),
        author,
        type: 0,
        url: str(it.path),
        httpMethod: str(it.method || 'GET').toUpperCase(),
        contentType: form
          ? Array.isArray(it.req_body_form) && it.req_body_form.some((f) => isObj(f) && f.type === 'file')
            ? 'multipart/form-data'
            : 'application/x-www-form-urlencoded'
          : it.req_body_type === 'json'
            ? 'application/json'
            : '',
        orderIndex: i,
        deprecated: it.status === 'deprecated' ? 'deprecated' : '$false$',
        headerParams: kv(it.req_headers, 'header'),
        pathParams: kv(it.req_params, 'path'),
        queryParams: kv(it.req_query, 'query'),
        requestParams: form ? kv(it.req_body_form, 'form') : it.req_body_is_json_schema ? schemaParams(it.req_body_other) : [],
        responseParams: it.res_body_type === 'json' && it.res_body_is_json_schema ? schemaParams(it.res_body) : [],
      } as PushDocItem;
    }),
  }));
  if (!apis.some((a) => a.items?.length)) throw new ImportInputError('import.no_operations');
  return { payload: { apis, author }, warnings };
}

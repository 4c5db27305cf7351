/**
 * Word export as a real .docx: the `docx` library builds the package (styles with Title/Heading1-6,
 * settings, fonts, content types, document properties); the body — a heading per application, folder
 * and doc, parameter tables with nesting shown by indentation, examples in a monospace font — is written
 * as WordprocessingML text and put in place of a marker paragraph. Building a docx object per table cell
 * needs gigabytes for an application like GitHub's (74,000 parameter rows); the text body needs megabytes.
 */
import { descriptionText } from '@folio/shared';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import { type DocView, docView, labels } from './doc-view.js';
import type { ExportSet } from './export-scope.js';
import { walkOutline } from './export-scope.js';
import { type ZipData, zipStream } from './zip.js';

const MARKER = '__FOLIO_DOCX_BODY__';
const MONO = 'Consolas';

/** Whether `x` changes anything: markup characters, or characters XML 1.0 forbids. */
function needsEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
    } else if (c === 0x26 || c === 0x3c || c === 0x3e || c === 0x22 || c === 0xfffe || c === 0xffff) return true;
  }
  return false;
}

/** XML text: escaped, without characters XML 1.0 forbids. */
function x(s: string): string {
  if (!needsEscape(s)) return s;
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) continue;
    if (c === 0xfffe || c === 0xffff) continue;
    out += ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : ch;
  }
  return out;
}

interface RunOpts {
  bold?: boolean;
  mono?: boolean;
  color?: string;
  size?: number;
}

/** Run properties per option set (a big export has hundreds of thousands of runs with a handful of sets). */
const runProps = new Map<string, string>();

function run(text: string, o: RunOpts = {}): string {
  const key = `${o.mono ? 1 : 0}${o.bold ? 1 : 0}${o.color ?? ''}|${o.size ?? ''}`;
  let pr = runProps.get(key);
  if (pr === undefined) {
    const inner = [
      o.mono ? `<w:rFonts w:ascii="${MONO}" w:hAnsi="${MONO}" w:cs="${MONO}"/>` : '',
      o.bold ? '<w:b/>' : '',
      o.color ? `<w:color w:val="${o.color}"/>` : '',
      o.size ? `<w:sz w:val="${o.size}"/><w:szCs w:val="${o.size}"/>` : '',
    ].join('');
    pr = inner ? `<w:rPr>${inner}</w:rPr>` : '';
    runProps.set(key, pr);
  }
  // Line breaks inside a cell or paragraph become <w:br/>.
  const body = text.includes('\n')
    ? text
        .split(/\r?\n/)
        .map((line) => `<w:t xml:space="preserve">${x(line)}</w:t>`)
        .join('<w:br/>')
    : `<w:t xml:space="preserve">${x(text)}</w:t>`;
  return `<w:r>${pr}${body}</w:r>`;
}

function para(runs: string, o: { style?: string; indent?: number } = {}): string {
  const pr = [o.style ? `<w:pStyle w:val="${o.style}"/>` : '', o.indent ? `<w:ind w:left="${o.indent * 240}"/>` : ''].join('');
  return `<w:p>${pr ? `<w:pPr>${pr}</w:pPr>` : ''}${runs}</w:p>`;
}

const heading = (text: string, level: number) => para(run(text), { style: `Heading${Math.min(6, Math.max(1, level))}` });

const BORDER =
  '<w:top w:val="single" w:sz="4" w:color="BFBFBF"/><w:left w:val="single" w:sz="4" w:color="BFBFBF"/><w:bottom w:val="single" w:sz="4" w:color="BFBFBF"/><w:right w:val="single" w:sz="4" w:color="BFBFBF"/><w:insideH w:val="single" w:sz="4" w:color="BFBFBF"/><w:insideV w:val="single" w:sz="4" w:color="BFBFBF"/>';

function cell(text: string, o: RunOpts & { indent?: number; header?: boolean } = {}): string {
  const shade = o.header ? '<w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="F2F2F2"/></w:tcPr>' : '';
  return `<w:tc>${shade}${para(run(text, { mono: o.mono, color: o.color, bold: o.bold ?? o.header, size: 18 }), { indent: o.indent })}</w:tc>`;
}

function table(headers: string[], rows: string[][]): string {
  const head = `<w:tr><w:trPr><w:tblHeader/></w:trPr>${headers.map((h) => cell(h, { header: true })).join('')}</w:tr>`;
  const grid = headers.map(() => `<w:gridCol w:w="${Math.floor(9000 / headers.length)}"/>`).join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${BORDER}</w:tblBorders><w:tblLayout w:type="autofit"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${head}${rows
    .map((r) => `<w:tr>${r.join('')}</w:tr>`)
    .join('')}</w:tbl>${para('')}`;
}

function docXml(v: DocView, level: number, lang: string, out: string[]): void {
  const L = labels(lang);
  out.push(heading(v.name, level));
  const text = (s: string) => {
    for (const line of s.split(/\r?\n/)) out.push(para(run(line)));
  };
  if (v.isMarkdown) {
    text(descriptionText(v.description));
    return;
  }
  out.push(para(run(`${L.url}: `, { bold: true }) + run(`${v.method} ${v.url}`, { mono: true })));
  if (v.contentType) out.push(para(run(`${L.contentType}: `, { bold: true }) + run(v.contentType)));
  if (v.deprecated)
    out.push(para(run(v.deprecationReason ? `${L.deprecated}: ${v.deprecationReason}` : L.deprecated, { color: 'CF222E' })));
  if (v.description) text(descriptionText(v.description));
  for (const s of v.sections) {
    out.push(heading(s.title, level + 1));
    const req = s.key !== 'response';
    const headers = req ? [L.name, L.type, L.required, L.maxLength, L.example, L.description] : [L.name, L.type, L.example, L.description];
    out.push(
      table(
        headers,
        s.rows.map((r) => [
          cell(`${r.depth ? '└ ' : ''}${r.name}`, { indent: r.depth }),
          cell(r.type),
          ...(req ? [cell(r.required ? L.yes : L.no), cell(r.maxLength)] : []),
          cell(r.example, { mono: true }),
          cell([descriptionText(r.description), r.enums].filter(Boolean).join('\n')),
        ]),
      ),
    );
  }
  if (v.codes.length) {
    out.push(heading(L.codes, level + 1));
    out.push(
      table(
        [L.code, L.msg, L.solution],
        v.codes.map((c) => [cell(String(c.code), { mono: true }), cell(c.msg), cell(c.solution)]),
      ),
    );
  }
}

/** The scope as a .docx file. */
export async function toDocx(set: ExportSet, lang: string): Promise<Buffer> {
  const shell = new Document({
    creator: 'Folio',
    title: set.title,
    styles: { default: { document: { run: { size: 20 } } } },
    sections: [{ children: [new Paragraph({ text: set.title, heading: HeadingLevel.TITLE }), new Paragraph({ text: MARKER })] }],
  });
  const files = unzipSync(new Uint8Array(await Packer.toBuffer(shell)));
  const xml = strFromU8(files['word/document.xml']);
  const at = xml.indexOf(MARKER);
  const start = xml.lastIndexOf('<w:p>', at);
  const end = xml.indexOf('</w:p>', at) + '</w:p>'.length;
  if (at < 0 || start < 0) throw new Error('docx shell without body marker');
  const single = set.roots.length === 1 && set.roots[0].kind === 'module';
  // The body is produced doc by doc and deflated as it comes: it never exists as one string.
  function* documentXml(): Generator<string> {
    yield xml.slice(0, start);
    const nodes: { n: ExportSet['roots'][number]; depth: number }[] = [];
    walkOutline(set.roots, (n, depth) => nodes.push({ n, depth }));
    for (const { n, depth } of nodes) {
      const level = (single ? depth - 1 : depth) + 1;
      const body: string[] = [];
      if (n.kind === 'doc' && n.doc)
        docXml(docView(n.doc, set.env, lang, set.commonReturns.get(n.doc.moduleId) ?? []), Math.max(1, level), lang, body);
      else if (n.kind !== 'doc' && !(single && n.kind === 'module')) body.push(heading(n.name, Math.max(1, level)));
      if (body.length) yield body.join('');
    }
    yield xml.slice(end);
  }
  const entries: [string, ZipData][] = [['[Content_Types].xml', files['[Content_Types].xml']]];
  for (const [name, data] of Object.entries(files)) {
    if (name !== '[Content_Types].xml' && name !== 'word/document.xml') entries.push([name, data]);
  }
  entries.push(['word/document.xml', documentXml()]);
  return zipStream(entries, 4);
}

/**
 * Word export as a real .docx (the `docx` library): a heading per application, folder and doc, parameter
 * tables with nesting shown by indentation, examples in a monospace font.
 */
import { BorderStyle, Document, HeadingLevel, Packer, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { type DocView, docView, labels } from './doc-view.js';
import type { ExportSet } from './export-scope.js';
import { walkOutline } from './export-scope.js';

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
const MONO = 'Consolas';
const border = { style: BorderStyle.SINGLE, size: 4, color: 'BFBFBF' };
const borders = { top: border, bottom: border, left: border, right: border };

function cell(text: string, opts: { mono?: boolean; indent?: number; header?: boolean } = {}): TableCell {
  return new TableCell({
    borders,
    shading: opts.header ? { type: ShadingType.CLEAR, color: 'auto', fill: 'F2F2F2' } : undefined,
    children: [
      new Paragraph({
        indent: opts.indent ? { left: opts.indent * 240 } : undefined,
        children: [new TextRun({ text, bold: opts.header, font: opts.mono ? MONO : undefined, size: 18 })],
      }),
    ],
  });
}

function table(headers: string[], rows: TableCell[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: headers.map((h) => cell(h, { header: true })) }),
      ...rows.map((r) => new TableRow({ children: r })),
    ],
  });
}

function docBlocks(v: DocView, level: number, lang: string): (Paragraph | Table)[] {
  const L = labels(lang);
  const out: (Paragraph | Table)[] = [new Paragraph({ text: v.name, heading: HEADINGS[Math.min(5, level)] })];
  const text = (s: string) => s.split(/\r?\n/).map((line) => new Paragraph({ text: line }));
  if (v.isMarkdown) return [...out, ...text(v.description)];
  out.push(
    new Paragraph({
      children: [new TextRun({ text: `${L.url}: `, bold: true }), new TextRun({ text: `${v.method} ${v.url}`, font: MONO })],
    }),
  );
  if (v.contentType)
    out.push(new Paragraph({ children: [new TextRun({ text: `${L.contentType}: `, bold: true }), new TextRun(v.contentType)] }));
  if (v.deprecated) out.push(new Paragraph({ children: [new TextRun({ text: `${L.deprecated}: ${v.deprecated}`, color: 'CF222E' })] }));
  if (v.description) out.push(...text(v.description));
  const sub = HEADINGS[Math.min(5, level + 1)];
  for (const s of v.sections) {
    out.push(new Paragraph({ text: s.title, heading: sub }));
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
          cell(r.description),
        ]),
      ),
    );
  }
  if (v.codes.length) {
    out.push(new Paragraph({ text: L.codes, heading: sub }));
    out.push(
      table(
        [L.code, L.msg, L.solution],
        v.codes.map((c) => [cell(String(c.code), { mono: true }), cell(c.msg), cell(c.solution)]),
      ),
    );
  }
  return out;
}

/** The scope as a .docx file. */
export async function toDocx(set: ExportSet, lang: string): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [new Paragraph({ text: set.title, heading: HeadingLevel.TITLE })];
  const single = set.roots.length === 1 && set.roots[0].kind === 'module';
  walkOutline(set.roots, (n, depth) => {
    const level = single ? depth - 1 : depth;
    if (n.kind === 'doc' && n.doc)
      children.push(...docBlocks(docView(n.doc, set.env, lang, set.commonReturns.get(n.doc.moduleId) ?? []), Math.max(0, level), lang));
    else if (n.kind !== 'doc' && !(single && n.kind === 'module'))
      children.push(new Paragraph({ text: n.name, heading: HEADINGS[Math.min(5, Math.max(0, level))] }));
  });
  const doc = new Document({
    creator: 'Folio',
    title: set.title,
    styles: { default: { document: { run: { size: 20 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}

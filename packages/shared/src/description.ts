/**
 * Descriptions, rendered the same way everywhere (doc view, share pages, HTML/Word/Markdown exports, agent
 * Markdown twins, search snippets).
 *
 * A description is Markdown that may hold the inline HTML smart-doc and Javadoc produce (`<br>`, `<p>`, `<b>`,
 * `<i>`, `<code>`, `<pre>`, `<a href>`, lists) and Torna's rich text. GitHub's alerts (`> [!NOTE]`, `[!TIP]`,
 * `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`, as GitHub's own API description writes them; in any case, as GitHub takes them) become callouts
 * (`<div class="markdown-alert markdown-alert-note">` with a `markdown-alert-title`, styled by the web app and
 * the HTML export). Every output passes one allowlist sanitiser: no script, no event handler, no `javascript:`
 * URL, no style; the only class kept is a callout's.
 */
import { Marked, type Token } from 'marked';
import markedAlert from 'marked-alert';
import { FilterXSS, type IWhiteList } from 'xss';

/** GitHub's alert kinds, as written after `[!` (their title is the word, capitalised: "Note", "Warning"). */
export const ALERT_KINDS = ['note', 'tip', 'important', 'warning', 'caution'] as const;

/** An alert's marker at the start of a quote, in any case (GitHub takes `[!note]`; marked-alert only `[!NOTE]`). */
const MARKER = new RegExp(`^\\[!(?:${ALERT_KINDS.join('|')})\\]`, 'i');

/** Writes a quote's alert marker in upper case, where marked-alert reads it: the quote's text, its first paragraph, that paragraph's first text. */
function upperCaseAlertMarker(t: Token): void {
  if (t.type !== 'blockquote' || !MARKER.test(t.text)) return;
  const up = (s: string) => s.replace(MARKER, (m) => m.toUpperCase());
  t.text = up(t.text);
  const para = t.tokens?.[0];
  if (para?.type !== 'paragraph') return;
  para.raw = up(para.raw);
  para.text = up(para.text);
  const first = para.tokens?.[0];
  if (first?.type !== 'text') return;
  first.raw = up(first.raw);
  first.text = up(first.text);
}

/**
 * The Markdown parser of descriptions (GitHub-flavoured, newlines as line breaks, alerts as callouts; the
 * alerts' SVG icons are left out: the sanitiser would drop them and the stylesheets mark the kind).
 */
const markdown = new Marked(
  { async: false, gfm: true, breaks: true },
  markedAlert({ variants: ALERT_KINDS.map((type) => ({ type, icon: '' })) }),
  // Added last, so it sees each quote before marked-alert does (marked runs the newest walkTokens first).
  { walkTokens: upperCaseAlertMarker },
);

/**
 * Markdown as HTML with the descriptions' parser (GitHub alerts included), NOT sanitised: for the web app's
 * Markdown docs and pages, which pass it through their own sanitiser.
 */
export function parseMarkdown(src: string): string {
  return markdown.parse(src) as string;
}

/** A callout's classes, the only class attributes the sanitiser keeps. */
const ALERT_CLASS = new RegExp(`^markdown-alert(?:-title| markdown-alert-(?:${ALERT_KINDS.join('|')}))$`);
/** A line that opens a GitHub alert (`> [!NOTE]`). */
export const ALERT_LINE = new RegExp(`^ {0,3}> *\\[!(${ALERT_KINDS.join('|')})\\] *$`, 'im');

const ALLOWED: IWhiteList = {
  a: ['href', 'title'],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  del: [],
  sub: [],
  sup: [],
  code: [],
  pre: [],
  br: [],
  hr: [],
  p: ['class'],
  div: ['class'],
  span: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
  img: ['src', 'alt', 'title'],
};

const sanitizer = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript'],
  onTagAttr(tag, name, value) {
    // Only safe URLs stay; xss then escapes the value.
    if (tag === 'a' && name === 'href' && !isSafeUrl(value)) return '';
    if (name === 'class' && !ALERT_CLASS.test(value)) return '';
    return undefined;
  },
  onIgnoreTagAttr: () => '',
});

/** http(s), mailto, tel, in-page and relative URLs; never javascript:, data:, vbscript: or the like. */
export function isSafeUrl(url: string): boolean {
  const u = url.trim().toLowerCase();
  return !/^[a-z][a-z0-9+.-]*:/.test(u) || /^(https?|mailto|tel):/.test(u);
}

/** HTML with only the allowed tags and attributes; everything else is removed (text kept). */
export function sanitizeDescriptionHtml(html: string): string {
  return sanitizer.process(html ?? '');
}

/** A description as sanitised HTML blocks (paragraphs, lists, code blocks). Newlines are line breaks. */
export function descriptionHtml(src: string | null | undefined): string {
  if (!src) return '';
  return sanitizeDescriptionHtml(parseMarkdown(src)).trim();
}

/**
 * A description as sanitised inline HTML, for a table cell or a one-line slot (no wrapping paragraph). One that
 * holds a GitHub alert is rendered as blocks, so the callout shows in the cell too.
 */
export function descriptionInlineHtml(src: string | null | undefined): string {
  if (!src) return '';
  if (!HAS_MARKUP.test(src)) return escapeHtml(src).replace(/\r?\n/g, '<br>');
  if (ALERT_LINE.test(src)) return descriptionHtml(src);
  return sanitizeDescriptionHtml(markdown.parseInline(src) as string).trim();
}

/** Whether a text holds anything Markdown or HTML would format (else it is shown as it is). */
const HAS_MARKUP = /[<>&*_`[\]#|~\\]|^\s*[-+]\s|^\s*\d+\.\s/m;
/** Whether a text holds an HTML tag. */
export const HAS_TAG = /<\/?[a-z][^>]*>/i;

/** A description as plain text: formatting dropped, line breaks kept (Word, titles, snippets, tooltips). */
export function descriptionText(src: string | null | undefined): string {
  if (!src) return '';
  if (!HAS_MARKUP.test(src)) return src;
  const html = descriptionHtml(src)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|li|h[1-6]|tr|pre|blockquote|ul|ol|table)>/gi, '\n');
  return decodeEntities(html.replace(/<[^>]+>/g, ''))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Plain text (a name, an author, an example, an error code) as Markdown that shows exactly that text: HTML and
 * Markdown syntax escaped, so a stock renderer makes no tag, link or emphasis of it. With `inline`, it fits one
 * table cell or heading (line breaks as `<br>`).
 */
export function markdownText(s: string | null | undefined, opts: { inline?: boolean } = {}): string {
  if (!s) return '';
  let out = s
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  // A line starting with "#", "-", "+", "=" or "1." would be a heading, a list or a rule.
  out = out.replace(/^(\s*)([#+=-])/gm, '$1\\$2').replace(/^(\s*\d+)([.)])/gm, '$1\\$2');
  if (opts.inline) out = out.replace(/\r?\n/g, '<br>');
  return out;
}

/** Escapes text for HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED[e.toLowerCase()] ?? all;
  });
}

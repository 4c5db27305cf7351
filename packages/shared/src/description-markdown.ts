/**
 * Descriptions as Markdown, for the server's Markdown exports and agent twins. A separate entry point
 * (`@folio/shared/markdown`) so turndown stays out of the web bundle: the web never writes Markdown.
 */
import TurndownService from 'turndown';
import { descriptionHtml, HAS_TAG, isSafeUrl } from './description.js';

let turndown: TurndownService | undefined;

/**
 * A description as Markdown (Markdown exports, agent twins). Markdown stays as written; HTML (smart-doc's
 * `<br>`, Torna's rich text) becomes the Markdown it means; unsafe links are dropped. With `inline`, the result
 * fits one Markdown table cell (line breaks as `<br>`, pipes escaped).
 */
export function descriptionMarkdown(src: string | null | undefined, opts: { inline?: boolean } = {}): string {
  if (!src) return '';
  let md: string;
  if (HAS_TAG.test(src)) {
    turndown ??= new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
    // Rendered first, so Markdown written around the HTML stays Markdown (turndown would escape it as text).
    md = turndown.turndown(descriptionHtml(src));
  } else {
    md = src;
  }
  // A Markdown link or image to a javascript:/data: URL keeps its text only.
  md = md.replace(/(!?)\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(\s+"[^"]*")?\s*\)/g, (all, _bang, text, url) => (isSafeUrl(url) ? all : text));
  // So do reference definitions and autolinks.
  md = md.replace(/^ {0,3}\[[^\]]+\]:\s*<?(\S*?)>?(\s.*)?$/gm, (all, url) => (isSafeUrl(url) ? all : ''));
  md = md.replace(/<([a-z][a-z0-9+.-]*:[^\s<>]*)>/gi, (all, url) => (isSafeUrl(url) ? all : url.replace(/:/, '&#58;')));
  md = md.trim();
  if (opts.inline) md = md.replace(/\|/g, '\\|').replace(/ *\r?\n/g, '<br>');
  return md;
}

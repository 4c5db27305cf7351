/**
 * Descriptions as Markdown, for the server's Markdown exports and agent twins. A separate entry point
 * (`@folio/shared/markdown`) so turndown stays out of the web bundle: the web never writes Markdown.
 */
import TurndownService from 'turndown';
import { ALERT_KINDS, descriptionHtml, HAS_TAG, isSafeUrl } from './description.js';

let turndown: TurndownService | undefined;

/** A turndown that writes the shared renderer's callouts back as GitHub alerts (`> [!NOTE]`). */
function makeTurndown(): TurndownService {
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  td.addRule('alertTitle', {
    filter: (node) => node.nodeName === 'P' && node.getAttribute('class') === 'markdown-alert-title',
    replacement: () => '',
  });
  td.addRule('alert', {
    filter: (node) => node.nodeName === 'DIV' && /^markdown-alert markdown-alert-\w+$/.test(node.getAttribute('class') ?? ''),
    replacement: (content, node) => {
      const kind = ((node as HTMLElement).getAttribute('class') ?? '').replace(/.*markdown-alert-/, '').toUpperCase();
      const body = content.trim().replace(/^/gm, '> ');
      return `\n\n> [!${kind}]\n${body}\n\n`;
    },
  });
  return td;
}

/** A GitHub alert (`> [!NOTE]` and its quoted lines; the marker in any case, as GitHub reads it). */
const ALERT_BLOCK = new RegExp(`^ {0,3}> *\\[!(${ALERT_KINDS.join('|')})\\] *\\n((?: {0,3}>.*(?:\\n|$))*)`, 'gim');

/**
 * A description as Markdown (Markdown exports, agent twins). Markdown stays as written; HTML (smart-doc's
 * `<br>`, Torna's rich text) becomes the Markdown it means; unsafe links are dropped. With `inline`, the result
 * fits one Markdown table cell (line breaks as `<br>`, pipes escaped).
 */
export function descriptionMarkdown(src: string | null | undefined, opts: { inline?: boolean } = {}): string {
  if (!src) return '';
  let md: string;
  if (HAS_TAG.test(src)) {
    turndown ??= makeTurndown();
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
  if (opts.inline) {
    // A table cell holds no blockquote: a GitHub alert there reads "**Note:** its text".
    md = md.replace(ALERT_BLOCK, (_all, kind: string, body: string) => {
      const text = body.replace(/^ {0,3}> ?/gm, '').trim();
      return `**${kind[0].toUpperCase()}${kind.slice(1).toLowerCase()}:** ${text}\n`;
    });
    md = md
      .trim()
      .replace(/\|/g, '\\|')
      .replace(/ *\r?\n/g, '<br>');
  }
  return md;
}

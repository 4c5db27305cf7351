/**
 * Finds text on a page that is not in the UI's language: in a Chinese UI an English sentence or a raw i18n key,
 * in an English UI any Chinese. What is not a sentence is left alone: user data (passed in), code, API paths and
 * URLs, HTTP methods, product and format names, identifiers.
 */
import { BUILTIN_LANGUAGES } from '@folio/shared';
import type { Page } from 'playwright-core';

/** The first segments of the UI's keys ('share', 'doc', …): a text like `share.create` is a key shown raw. */
const KEY_PREFIXES = new Set(Object.keys(BUILTIN_LANGUAGES.en.content).map((k) => k.split('.')[0]));

/** Names and terms that stay as they are in every language (products, formats, protocols, code words). */
const TERMS = [
  'Folio',
  'Torna',
  'smart-doc',
  'torna-sdk',
  'OpenAPI',
  'Swagger',
  'Postman',
  'YApi',
  'YAPI',
  'Markdown',
  'JSON',
  'YAML',
  'XML',
  'HTML',
  'Word',
  'MCP',
  'Streamable HTTP',
  'LDAP',
  'OAuth2',
  'OAuth',
  'OIDC',
  'SSO',
  'MeterSphere',
  'DingTalk',
  'WeCom',
  'Feishu',
  'Slack',
  'Webhook',
  'webhook',
  'curl',
  'Dubbo',
  'HTTP',
  'HTTPS',
  'URL',
  'API',
  'ID',
  'Token',
  'token',
  'Mock',
  'Query',
  'Header',
  'Body',
  'Cookie',
  'ContentType',
  'Content-Type',
  'SMTP',
  'Java',
  'JavaScript',
  'Python',
  'Go',
  'PHP',
  'C#',
  'OkHttp',
  'Bearer',
  'Authorization',
  'Hashids',
  'llms.txt',
  'llms-full.txt',
  'AI',
  'CSV',
  'Ctrl',
  'Enter',
  'Esc',
  'GitHub',
  'Claude Code',
  'Claude Desktop',
  'Claude',
  'VS Code',
  'Cursor',
  'stdio',
];

const METHODS = /\b(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|TRACE)\b/g;
/** A lone UI word in English, as a whole text in a Chinese UI, is an untranslated label. */
const LONE = new Set(
  'Delete Save Cancel Edit Add Search Copy Close Name Type Status Yes No OK Back Next Submit Loading Actions Remove Restore Undo Export Import Settings Members Share Home Logout Help Description Required Example Creator Created Updated Never Public Private Enabled Disabled'.split(
    ' ',
  ),
);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts a person sees: visible text nodes and the placeholder, aria-label and title of visible elements. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SKIP = 'script,style,noscript,code,pre,kbd,samp,textarea,.cm-editor,.cm-content,svg,[data-user-content]';
    const shown = (el: Element) => {
      if (el.closest(SKIP)) return false;
      const r = (el as HTMLElement).getClientRects();
      if (!r.length) return false;
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0.05;
    };
    const out = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.nodeValue ?? '').replace(/\s+/g, ' ').trim();
      if (text && n.parentElement && shown(n.parentElement)) out.add(text);
    }
    for (const el of document.querySelectorAll('[placeholder],[aria-label],[title]')) {
      if (!shown(el)) continue;
      for (const a of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.add(v);
      }
    }
    return [...out];
  });
}

/** Texts of the page that break the UI's language, with why. `userData` lists the names and texts users typed. */
export async function languageSlips(page: Page, lang: 'zh-CN' | 'en', userData: string[]): Promise<string[]> {
  const data = [...userData].sort((a, b) => b.length - a.length).map((s) => new RegExp(escapeRe(s), 'g'));
  const terms = [...TERMS].sort((a, b) => b.length - a.length).map((s) => new RegExp(`(?<![\\w-])${escapeRe(s)}(?![\\w-])`, 'g'));
  const slips: string[] = [];
  for (const raw of await visibleTexts(page)) {
    let text = raw;
    for (const re of data) text = text.replace(re, ' ¦ ');
    if (lang === 'en') {
      // Language names are written in their own language.
      if (/[\u3400-\u9fff]/.test(text.replace(/简体中文/g, ''))) slips.push(`Chinese in English UI: "${raw}"`);
      continue;
    }
    const t = text.trim();
    if (/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_-]+)+$/.test(t) && KEY_PREFIXES.has(t.split('.')[0])) {
      slips.push(`raw key: "${raw}"`);
      continue;
    }
    if (LONE.has(t)) {
      slips.push(`English word: "${raw}"`);
      continue;
    }
    text = text
      .replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, ' ¦ ') // URLs
      .replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, ' ¦ ') // e-mail addresses
      .replace(/(^|\s)\/\S*/g, ' ¦ ') // paths
      .replace(/\{[^}]*\}|\$\w+\$|<[^>]*>/g, ' ¦ ') // placeholders, templates, tags
      .replace(/\b\w+(\.\w+)+\b/g, ' ¦ ') // dotted names (settings keys, files, packages)
      .replace(/\b\w+[_-]\w+([_-]\w+)*\b/g, ' ¦ ') // identifiers with _ or -
      .replace(/\b[a-z]+[A-Z]\w*\b/g, ' ¦ ') // camelCase identifiers
      .replace(METHODS, ' ¦ ');
    for (const re of terms) text = text.replace(re, ' ¦ ');
    // Two or more English words in a row (names and terms are gone by now) are an untranslated phrase.
    if (/[A-Za-z][A-Za-z'’]*(?:[ ,]+[A-Za-z][A-Za-z'’]*)+/.test(text)) slips.push(`English sentence: "${raw}"`);
  }
  return slips;
}

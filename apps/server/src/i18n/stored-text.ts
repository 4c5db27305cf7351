/**
 * Texts kept as a message key and its params, written in the reader's language when read (in-site messages,
 * import warnings and errors). A param may itself be such a text, or a list of parts written one after the
 * other, so a place ("POST /pets › request body › owner") or a list ("【a】【b】 and 3 more") is translated too.
 */
import { BUILTIN_LANGUAGES } from '@folio/shared';
import { serverMessages } from './messages.js';
import { storedTexts } from './stored-texts.js';

export type TextParam = string | number | StoredText | TextParam[];
export interface StoredText {
  key: string;
  params?: Record<string, TextParam>;
}

/** Builds a stored text. */
export const text = (key: string, params?: Record<string, TextParam>): StoredText => (params ? { key, params } : { key });

/** True for a `{key, params}` value (as read back from JSON). */
export function isStoredText(v: unknown): v is StoredText {
  return !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { key?: unknown }).key === 'string';
}

function template(lang: string, key: string): string | undefined {
  return storedTexts[lang]?.[key] ?? serverMessages[lang]?.[key] ?? BUILTIN_LANGUAGES[lang]?.content[key];
}

/** Writes a text (or a plain string, kept as it is: rows stored before keys existed) in a language. */
export function renderText(lang: string, v: TextParam | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map((p) => renderText(lang, p)).join('');
  if (!isStoredText(v)) return String(v);
  const tpl = template(lang, v.key) ?? template('en', v.key) ?? template('zh-CN', v.key) ?? v.key;
  const params = v.params ?? {};
  return tpl.replace(/\{(\w+)\}/g, (m, k: string) => (params[k] !== undefined ? renderText(lang, params[k]) : m));
}

/** Parses stored params JSON (a broken value reads as no params). */
export function parseParams(json: string | null | undefined): Record<string, TextParam> | undefined {
  if (!json) return undefined;
  try {
    const v = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, TextParam>) : undefined;
  } catch {
    return undefined;
  }
}

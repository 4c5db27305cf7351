/** Server-side rendering of this feature's texts (packages/shared i18n push.ts) in a reader's language. */
import { BUILTIN_LANGUAGES } from '@folio/shared';

/** Translates a key of push.ts with `{name}` params; falls back to zh-CN, then English, then the key. */
export function pt(lang: string, key: string, params: Record<string, string | number> = {}): string {
  const text = BUILTIN_LANGUAGES[lang]?.content[key] ?? BUILTIN_LANGUAGES['zh-CN'].content[key] ?? BUILTIN_LANGUAGES.en.content[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}

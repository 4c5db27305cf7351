/** Language choice: server default, kept in local storage, falling back to zh-CN (spec §9). */
import { FALLBACK_LANG } from '@folio/shared';

export const LANG_KEY = 'folio.lang';

/** The stored language, or '' when the user never chose one. */
export function storedLang(): string {
  try {
    return localStorage.getItem(LANG_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Remembers the chosen language. */
export function storeLang(lang: string): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* private mode: keep it for this page only */
  }
}

/** Ant Design locale file for a language code: 'zh-CN' → zh_CN, 'en' → en_US, 'ja' → ja_JP. */
export function antdLocaleName(lang: string, available: readonly string[]): string | null {
  const exact = lang.replace('-', '_');
  if (available.includes(exact)) return exact;
  const base = lang.split(/[-_]/)[0].toLowerCase();
  const preferred: Record<string, string> = { en: 'en_US', zh: 'zh_CN', pt: 'pt_BR', es: 'es_ES', fr: 'fr_FR' };
  if (preferred[base] && available.includes(preferred[base])) return preferred[base];
  return available.find((n) => n.toLowerCase().startsWith(`${base}_`)) ?? null;
}

/**
 * The browser's language, for outside visitors of share and compose pages who never chose one: the first of
 * `navigator.languages` that is Chinese or English (the built-in languages), else ''.
 */
export function browserLang(
  langs: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): string {
  for (const l of langs) {
    const base = l.toLowerCase().split(/[-_]/)[0];
    if (base === 'zh') return 'zh-CN';
    if (base === 'en') return 'en';
  }
  return '';
}

/** Whether a path is a public reading page (share, compose show). */
export const isVisitorPath = (path: string) => /^\/(share|show)\//.test(path);

/** The language to ask the server for first: the stored one, else empty (the server answers its default). */
export function initialLang(): string {
  return storedLang();
}

export { FALLBACK_LANG };

/**
 * UI texts come from the server (`/api/system/i18n/get?lang=`), so languages added in the database work
 * without a rebuild. Ant Design's own locale is loaded lazily to match.
 */
import type { UiTexts } from '@folio/shared';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../lib/api';
import { fetchUiTexts } from '../lib/system-api';
import { ANTD_LOCALES } from './antd-locales';
import { antdLocaleName, browserLang, FALLBACK_LANG, isVisitorPath, storedLang, storeLang } from './lang';

export const i18n = i18next.createInstance();

/** Texts use `{0}` placeholders (Torna style); i18next interpolation is `{{x}}`. */
const initialized = i18n.use(initReactI18next).init({
  lng: FALLBACK_LANG,
  fallbackLng: false,
  resources: {},
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  parseMissingKeyHandler: (key) => key,
});

/** Loads the antd locale for a language; logs and falls back to the default (English) when missing. */
export async function loadAntdLocale(lang: string): Promise<Locale | undefined> {
  const name = antdLocaleName(lang, Object.keys(ANTD_LOCALES)) ?? antdLocaleName(FALLBACK_LANG, Object.keys(ANTD_LOCALES));
  const loader = name ? ANTD_LOCALES[name] : undefined;
  if (!loader) {
    console.error(`No Ant Design locale for ${lang}`);
    return undefined;
  }
  try {
    return (await loader()).default;
  } catch (e) {
    console.error(`Ant Design locale ${name} failed to load`, e);
    return undefined;
  }
}

/** What loadLanguage installed: the language used, its antd locale and the server's default language. */
export interface LoadedLanguage {
  lang: string;
  antd?: Locale;
  defaultLang: string;
}

/**
 * Fetches the texts of a language (empty = the user's or server default), installs them and returns the language
 * used. When the language is known before the server answers (chosen, or a visitor's browser language), its antd
 * locale loads alongside the texts rather than after them.
 */
export async function loadLanguage(lang?: string): Promise<LoadedLanguage> {
  // Outside visitors of share/compose pages who never chose a language get their browser's.
  const visitor = typeof window !== 'undefined' && isVisitorPath(window.location.pathname) ? browserLang() : '';
  const asked = lang ?? (storedLang() || visitor);
  const early = asked ? loadAntdLocale(asked) : undefined;
  let payload: UiTexts;
  try {
    payload = await fetchUiTexts(asked);
  } catch {
    payload = { lang: asked || FALLBACK_LANG, content: {}, defaultLang: FALLBACK_LANG, userLang: '' };
  }
  const used = payload.lang || asked || payload.defaultLang || FALLBACK_LANG;
  await initialized; // the entry may ask before i18next has finished its own start
  i18n.addResourceBundle(used, 'translation', payload.content, true, true);
  await i18n.changeLanguage(used);
  setApiLanguage(used);
  if (lang) storeLang(used);
  document.documentElement.lang = used;
  const antd = await (early && used === asked ? early : loadAntdLocale(used));
  return { lang: used, antd, defaultLang: payload.defaultLang };
}

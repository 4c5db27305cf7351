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
void i18n.use(initReactI18next).init({
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

/** Fetches the texts of a language (empty = the user's or server default), installs them and returns the language used. */
export async function loadLanguage(lang?: string): Promise<{ lang: string; antd?: Locale; defaultLang: string }> {
  // Outside visitors of share/compose pages who never chose a language get their browser's.
  const visitor = typeof window !== 'undefined' && isVisitorPath(window.location.pathname) ? browserLang() : '';
  const asked = lang ?? (storedLang() || visitor);
  let payload: UiTexts;
  try {
    payload = await fetchUiTexts(asked);
  } catch {
    payload = { lang: asked || FALLBACK_LANG, content: {}, defaultLang: FALLBACK_LANG, userLang: '' };
  }
  const used = payload.lang || asked || payload.defaultLang || FALLBACK_LANG;
  i18n.addResourceBundle(used, 'translation', payload.content, true, true);
  await i18n.changeLanguage(used);
  setApiLanguage(used);
  if (lang) storeLang(used);
  document.documentElement.lang = used;
  const antd = await loadAntdLocale(used);
  return { lang: used, antd, defaultLang: payload.defaultLang };
}

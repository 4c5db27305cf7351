/** The UI languages (built-in ones merged with the stored ones, which may override) and the texts a reader gets. */
import { BUILTIN_LANGUAGES } from '@folio/shared';
import type { AppContext } from '../../context.js';

type Ctx = Pick<AppContext, 'db' | 'settings'>;

/** Languages: built-ins merged with database entries (which may override). */
export async function languages(ctx: Ctx) {
  const rows = await ctx.db.selectFrom('systemI18n').select(['lang', 'description', 'content']).execute();
  const map = new Map<string, { description: string; content: Record<string, string> }>();
  for (const [lang, v] of Object.entries(BUILTIN_LANGUAGES)) map.set(lang, { description: v.description, content: { ...v.content } });
  for (const r of rows) {
    let content: Record<string, string> = {};
    try {
      content = JSON.parse(r.content);
    } catch {
      content = {};
    }
    const base = map.get(r.lang)?.content ?? BUILTIN_LANGUAGES.en.content;
    map.set(r.lang, { description: r.description, content: { ...base, ...content } });
  }
  return map;
}

/** The texts of the language asked for, else the user's, else the default one. */
export async function textsFor(ctx: Ctx, asked: string | undefined, userLang: string) {
  const langs = await languages(ctx);
  const defaultLang = ctx.settings.get('folio.default-lang') || 'zh-CN';
  const lang = asked && langs.has(asked) ? asked : userLang && langs.has(userLang) ? userLang : defaultLang;
  const entry = langs.get(lang) ?? langs.get('zh-CN');
  return { lang, content: entry?.content ?? {}, defaultLang, userLang };
}

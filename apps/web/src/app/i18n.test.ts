import { describe, expect, it } from 'vitest';
import { countedNouns } from '../features/import-export/import-counts';
import { i18n } from './i18n';

describe('UI text interpolation', () => {
  it('fills Torna-style {0} placeholders and shows the key for a missing text', async () => {
    i18n.addResourceBundle('en', 'translation', { 'validation.maxLength': 'length cannot exceed {0}' }, true, true);
    await i18n.changeLanguage('en');
    expect(i18n.t('validation.maxLength', { 0: 64 })).toBe('length cannot exceed 64');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
  });
});

describe('counted nouns', () => {
  it('says "1 folder" and "3 folders" in English and one form in Chinese (the import summary)', async () => {
    const { BUILTIN_LANGUAGES } = await import('@folio/shared');
    for (const lang of ['en', 'zh-CN']) i18n.addResourceBundle(lang, 'translation', BUILTIN_LANGUAGES[lang].content, true, true);
    await i18n.changeLanguage('en');
    const summary = (folders: number, docs: number, params: number) =>
      i18n.t('ie.import.counts', countedNouns(i18n.t, { folders, docs, params }));
    expect(summary(1, 1, 1)).toBe('1 folder, 1 doc, 1 parameter');
    expect(summary(2, 3, 14)).toBe('2 folders, 3 docs, 14 parameters');
    await i18n.changeLanguage('zh-CN');
    expect(summary(1, 3, 14)).toBe('1 个分类，3 个文档，14 个参数');
  });
});

import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('UI text interpolation', () => {
  it('fills Torna-style {0} placeholders and shows the key for a missing text', async () => {
    i18n.addResourceBundle('en', 'translation', { 'validation.maxLength': 'length cannot exceed {0}' }, true, true);
    await i18n.changeLanguage('en');
    expect(i18n.t('validation.maxLength', { 0: 64 })).toBe('length cannot exceed 64');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
  });
});

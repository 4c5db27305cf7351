import { describe, expect, it } from 'vitest';
import { ANTD_LOCALES } from './antd-locales';
import { antdLocaleName } from './lang';

const names = Object.keys(ANTD_LOCALES);

describe('antd locale follows the chosen language', () => {
  it('maps the built-in languages', () => {
    expect(antdLocaleName('zh-CN', names)).toBe('zh_CN');
    expect(antdLocaleName('en', names)).toBe('en_US');
  });
  it('maps languages without a region and unknown ones', () => {
    expect(antdLocaleName('ja', names)).toBe('ja_JP');
    expect(antdLocaleName('zh-TW', names)).toBe('zh_TW');
    expect(antdLocaleName('xx-YY', names)).toBeNull();
  });
  it('offers over 40 locales', () => {
    expect(names.length).toBeGreaterThan(40);
  });
});

describe('the browser language of outside visitors', () => {
  it('picks the first Chinese or English language, else none; only on share and compose pages', async () => {
    const { browserLang, isVisitorPath } = await import('./lang');
    expect(browserLang(['en-US', 'zh-CN'])).toBe('en');
    expect(browserLang(['zh-TW', 'en'])).toBe('zh-CN');
    expect(browserLang(['de-DE', 'en-GB'])).toBe('en');
    expect(browserLang(['de-DE'])).toBe('');
    expect(isVisitorPath('/share/abc')).toBe(true);
    expect(isVisitorPath('/show/abc/1')).toBe(true);
    expect(isVisitorPath('/view/1')).toBe(false);
  });
});

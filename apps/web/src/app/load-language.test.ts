import type { UiTexts } from '@folio/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The server's answer to the texts request, released by each test.
let answer: (texts: UiTexts) => void = () => {};
vi.mock('../lib/system-api', () => ({
  fetchUiTexts: vi.fn(() => new Promise<UiTexts>((resolve) => (answer = resolve))),
}));
const zh = { locale: 'zh-CN' };
const en = { locale: 'en' };
const loaders = { zh_CN: vi.fn(async () => ({ default: zh })), en_US: vi.fn(async () => ({ default: en })) };
vi.mock('./antd-locales', () => ({ ANTD_LOCALES: loaders }));

const texts = (lang: string): UiTexts => ({ lang, content: { hello: lang }, defaultLang: 'zh-CN', userLang: '' });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the first language: texts and antd locale', () => {
  let stored: Record<string, string>;
  beforeEach(() => {
    stored = {};
    vi.stubGlobal('document', { documentElement: { lang: '' } });
    vi.stubGlobal('window', { location: { pathname: '/view/1' } });
    vi.stubGlobal('localStorage', { getItem: (k: string) => stored[k] ?? null, setItem: (k: string, v: string) => (stored[k] = v) });
    loaders.zh_CN.mockClear();
    loaders.en_US.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the antd locale of a stored language while the texts are still on their way', async () => {
    stored['folio.lang'] = 'zh-CN';
    const { loadLanguage } = await import('./i18n');
    const loading = loadLanguage();
    await flush();
    expect(loaders.zh_CN).toHaveBeenCalledTimes(1);
    answer(texts('zh-CN'));
    expect(await loading).toEqual({ lang: 'zh-CN', antd: zh, defaultLang: 'zh-CN' });
    expect(loaders.zh_CN).toHaveBeenCalledTimes(1);
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('waits for the server when nothing was chosen, and uses the language it answers', async () => {
    const { loadLanguage } = await import('./i18n');
    const loading = loadLanguage();
    await flush();
    expect(loaders.zh_CN).not.toHaveBeenCalled();
    expect(loaders.en_US).not.toHaveBeenCalled();
    answer(texts('en'));
    expect(await loading).toEqual({ lang: 'en', antd: en, defaultLang: 'zh-CN' });
  });

  it("follows the server's language when it answers another than the one asked for", async () => {
    stored['folio.lang'] = 'en';
    const { loadLanguage } = await import('./i18n');
    const loading = loadLanguage();
    await flush();
    answer(texts('zh-CN'));
    expect(await loading).toEqual({ lang: 'zh-CN', antd: zh, defaultLang: 'zh-CN' });
  });
});

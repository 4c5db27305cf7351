/**
 * Descriptions in the readers' exports: Markdown and smart-doc's inline HTML rendered (sanitised) in HTML,
 * as text with line breaks in Word, as Markdown in Markdown; every plain-text field of a Markdown export is
 * escaped so a stock renderer runs nothing from it.
 */
import { strFromU8, unzipSync } from 'fflate';
import { marked } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let moduleId = '';

const EVIL = '<script>alert(1)</script><img src=x onerror="alert(2)">';
const LINK = 'Two-letter [ISO 3166-1 alpha-2](https://en.wikipedia.org/wiki/ISO_3166-1) code<br>e.g. `US`';

beforeAll(async () => {
  t = await createTestApp();
  const w = await createWorld(t);
  moduleId = w.moduleId;
  const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
    moduleId,
    name: `Create ${EVIL}`,
    author: `Eve ${EVIL}`,
    url: '/customers',
    httpMethod: 'POST',
    contentType: 'application/json',
    description: `Creates a customer.<br>See [docs](https://example.com/docs) ${EVIL} [x](javascript:alert(3))`,
    requestParams: [
      { name: 'country', type: 'string', required: 1, example: `US${EVIL}`, description: LINK },
      {
        name: 'state',
        type: 'string',
        example: '* not a list',
        description: '状态<br>1: 正常',
        enumInfo: {
          name: 'State',
          items: [{ name: 'ON', type: 'string', value: `1${EVIL}`, description: `<b onmouseover="alert(4)">on</b>` }],
        },
      },
    ],
    errorCodeParams: [{ code: `E1${EVIL}`, msg: `bad <img src=x onerror=alert(5)>`, solution: '[fix](javascript:alert(6))' }],
  });
  expect(saved.code, JSON.stringify(saved)).toBe('0');
});
afterAll(() => t.close());

const download = (format: string) =>
  t.app.inject({ method: 'GET', url: '/api/export', query: { format, moduleId }, headers: { token: t.adminToken } });

/** Whatever of HTML could run: script elements, event handler attributes, javascript: URLs. */
const ACTIVE = /^<script|\son[a-z]+\s*=|javascript:/i;
/** The tags of an HTML text (escaped text such as `&lt;script&gt;` is no tag). */
const tags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
const runnable = (html: string) => tags(html).filter((tag) => ACTIVE.test(tag));

describe('descriptions and plain text in the readers’ exports', () => {
  it('Markdown: descriptions as Markdown, every other field escaped; rendered by marked, nothing can run', async () => {
    const res = await download('markdown');
    expect(res.statusCode).toBe(200);
    const md = res.body;
    expect(md).toContain('[ISO 3166-1 alpha-2](https://en.wikipedia.org/wiki/ISO_3166-1)');
    const html = marked.parse(md, { async: false, gfm: true }) as string;
    expect(runnable(html)).toEqual([]);
    expect(tags(html).filter((tag) => /^<img/i.test(tag))).toEqual([]);
    // The description's link and code are rendered; smart-doc's <br> is a line break.
    expect(html).toContain('<a href="https://en.wikipedia.org/wiki/ISO_3166-1">ISO 3166-1 alpha-2</a>');
    expect(html).toContain('<code>US</code>');
    expect(html).toMatch(/状态<br>1: 正常/);
    // Plain text shows as written.
    expect(html).toContain('Create &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Eve &lt;script&gt;');
    expect(html).toContain('* not a list');
    expect(html).toContain('E1&lt;script&gt;');
    expect(html).toContain('[fix](javascript');
    expect(html).not.toContain('href="javascript');
  });

  it('HTML: descriptions travel as sanitised HTML with links and line breaks', async () => {
    const res = await download('html');
    const data = JSON.parse(/<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '{}');
    const doc = data.docs[0];
    expect(doc.description).toContain('Creates a customer.<br>');
    expect(doc.description).toContain('<a href="https://example.com/docs">docs</a>');
    expect(runnable(doc.description)).toEqual([]);
    const rows = doc.sections[0].rows as unknown[][];
    expect(rows[0][6]).toBe(
      'Two-letter <a href="https://en.wikipedia.org/wiki/ISO_3166-1">ISO 3166-1 alpha-2</a> code<br>e.g. <code>US</code>',
    );
    expect(rows[1][6]).toContain('状态<br>1: 正常');
    expect(runnable(rows[1][6] as string)).toEqual([]);
    // Names and examples stay text; the page sets them with textContent.
    expect(rows[0][5]).toBe(`US${EVIL}`);
    expect(res.body).toContain("e('td',{class:'ex'},r[5])");
  });

  it('Word: descriptions as text with their line breaks', async () => {
    const res = await download('docx');
    const xml = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml']);
    expect(xml).toContain(
      '<w:t xml:space="preserve">Two-letter ISO 3166-1 alpha-2 code</w:t><w:br/><w:t xml:space="preserve">e.g. US</w:t>',
    );
    expect(xml).toContain('<w:t xml:space="preserve">状态</w:t><w:br/><w:t xml:space="preserve">1: 正常</w:t>');
    expect(xml).not.toContain('&lt;br&gt;');
  });
});

describe('exports in the exporter’s language', () => {
  const get = (query: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/export', query: { moduleId, ...query }, headers: { token: t.adminToken, ...headers } });
  const wordXml = (res: { rawPayload: Buffer }) => strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml']);
  const setSaved = async (lang: string) =>
    expect((await call(t.app, t.adminToken, 'POST', '/api/user/info/update', { lang })).code).toBe('0');

  it('the `lang` the web app sends wins over the saved preference and Accept-Language (Word, HTML, Markdown)', async () => {
    await setSaved('en');
    const zhWord = wordXml(await get({ format: 'docx', lang: 'zh-CN' }, { 'accept-language': 'en-US,en;q=0.9' }));
    expect(zhWord).toContain('>请求参数<');
    expect(zhWord).toContain('>接口地址: <');
    expect(zhWord).toContain('>枚举: ');
    expect(zhWord).not.toContain('>Request body<');
    const zhHtml = (await get({ format: 'html', lang: 'zh-CN' }, { 'accept-language': 'en' })).body;
    expect(zhHtml).toContain('<html lang="zh-CN">');
    expect(zhHtml).toContain('placeholder="搜索"');
    expect(zhHtml).toContain('"request":"请求参数"');
    const zhMd = (await get({ format: 'markdown', lang: 'zh-CN' }, { 'accept-language': 'en' })).body;
    expect(zhMd).toContain('请求参数');
    const enWord = wordXml(await get({ format: 'docx', lang: 'en' }, {}));
    expect(enWord).toContain('>Request body<');
    expect(enWord).toContain('>Enum: ');
  });

  it('without `lang`: the saved preference, then Accept-Language', async () => {
    await setSaved('zh-CN');
    expect(wordXml(await get({ format: 'docx' }, { 'accept-language': 'en' }))).toContain('>请求参数<');
    await setSaved('');
    expect(wordXml(await get({ format: 'docx' }, { 'accept-language': 'en-GB,en;q=0.8' }))).toContain('>Request body<');
    expect(wordXml(await get({ format: 'docx' }, { 'accept-language': 'zh-TW' }))).toContain('>请求参数<');
  });
});

describe('a deprecated doc in the readers’ exports', () => {
  let depModule = '';
  beforeAll(async () => {
    const w = await createWorld(t);
    depModule = w.moduleId;
    // smart-doc's flag (pushed as `Deprecated`), an importer's 已废弃, and a doc that gives its reason.
    for (const [name, deprecated] of [
      ['Flagged', 'Deprecated'],
      ['Imported', '已废弃'],
      ['Replaced', 'Use /v2/orders'],
    ] as const) {
      const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
        moduleId: depModule,
        name,
        url: `/${name.toLowerCase()}`,
        httpMethod: 'GET',
        deprecated,
      });
      expect(saved.code, JSON.stringify(saved)).toBe('0');
    }
  });
  const exportIn = (format: string, lang: string) =>
    t.app.inject({ method: 'GET', url: '/api/export', query: { format, moduleId: depModule, lang }, headers: { token: t.adminToken } });

  it('says "Deprecated" once when no reason is given, and the reason when there is one (Markdown, Torna Markdown, HTML, Word)', async () => {
    for (const lang of ['en', 'zh-CN']) {
      const [word, reason] = lang === 'en' ? ['Deprecated', 'Deprecated: '] : ['已废弃', '已废弃：'];
      const md = (await exportIn('markdown', lang)).body;
      expect(md).not.toMatch(/Deprecated:?\**:? *Deprecated|已废弃:?\**:? *已废弃/);
      expect(md.match(new RegExp(`\\*\\*${word}\\*\\*\\n`, 'g'))).toHaveLength(2);
      expect(md).toContain(`**${word}:** Use /v2/orders`);
      const torna = (await exportIn('markdown-torna', lang)).body;
      expect(torna).not.toMatch(/Deprecated: *Deprecated|已废弃[：:] *已废弃/);
      expect(torna.match(new RegExp(`\\n${word}\\n`, 'g'))).toHaveLength(2);
      expect(torna).toContain(`${reason}Use /v2/orders`);
      const html = (await exportIn('html', lang)).body;
      const data = JSON.parse(/<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');
      const byName = Object.fromEntries((data.docs as { name: string }[]).map((d) => [d.name, d]));
      expect(byName.Flagged).toMatchObject({ deprecated: 1, deprecationReason: '' });
      expect(byName.Imported).toMatchObject({ deprecated: 1, deprecationReason: '' });
      expect(byName.Replaced).toMatchObject({ deprecated: 1, deprecationReason: 'Use /v2/orders' });
      expect(html).toContain("L.deprecated+(d.deprecationReason?': '+d.deprecationReason:'')");
      const res = await exportIn('docx', lang);
      const xml = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml']);
      expect(xml.match(new RegExp(`>${word}</w:t>`, 'g'))).toHaveLength(2);
      expect(xml).toContain(`>${word}: Use /v2/orders</w:t>`);
      expect(xml).not.toMatch(/Deprecated: Deprecated|已废弃: 已废弃/);
    }
  });
});

/**
 * The console's request against a local echo server, straight and through the real Folio proxy (a Folio
 * server built on an in-memory database and listening on a random port), and the script runner as a pure
 * module (an after-response script extracting a token that the next pre-request script signs with).
 */
import type { DocParam } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildUrl,
  contentTypeFits,
  type DraftRequest,
  encodeBody,
  mergeSetCookies,
  row,
  rowsFromParams,
  rowsObject,
  sendRequest,
  viewOf,
} from './debug-request';
import { scriptLib } from './script-lib';
import { applyVars, runScript } from './script-runner';

// Server-side helpers are loaded at run time so the web type-check never follows them.
const load = (p: string) => import(/* @vite-ignore */ new URL(p, import.meta.url).href);

let echo: { url: string; close(): Promise<void> };
let folio: { close(): Promise<void>; app: any; adminToken: string };
let folioUrl = '';
let docId = '';
let PNG: Buffer;

beforeAll(async () => {
  const echoMod = await load('../../../../server/test/echo-server.ts');
  const harness = await load('../../../../server/test/harness.ts');
  const fixtures = await load('../../../../server/src/modules/debug/debug-fixtures.ts');
  PNG = echoMod.PNG_1X1;
  echo = await echoMod.startEchoServer();
  folio = await harness.createTestApp();
  // The echo server is on loopback, which the debug proxy refuses unless the super admin allows it.
  await folio.app.ctx.settings.set({ 'folio.outbound.allowlist': '127.0.0.1' });
  const w = await harness.createWorld(folio);
  const moduleId = folio.app.ctx.ids.decode(w.moduleId, 'module');
  docId = folio.app.ctx.ids.encode(await fixtures.writeDoc(folio.app, { moduleId, url: '/api/user/{id}' }));
  const env = await harness.call(folio.app, folio.adminToken, 'POST', '/api/module/environment/add', {
    moduleId: w.moduleId,
    name: 'echo',
    url: echo.url,
    headers: [],
    params: [],
  });
  expect(env.code).toBe('0');
  folioUrl = await folio.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await echo?.close();
  await folio?.close();
});

const draft = (over: Partial<DraftRequest>): DraftRequest => ({
  method: 'GET',
  url: '',
  headers: {},
  bodyType: 'none',
  bodyText: '',
  bodyRows: [],
  ...over,
});

describe('building the request', () => {
  it('joins the base URL, fills path params, appends query rows and applies variables', () => {
    const url = buildUrl(
      'http://h:1/base/',
      '/user/{id}/x',
      [row('id', '7 8')],
      [row('q', '{{token}}'), { ...row('off', '1'), enabled: false }],
      { token: 'abc' },
    );
    expect(url).toBe('http://h:1/base/user/7%208/x?q=abc');
    expect(rowsObject([row('a', '1'), row('a', '2')])).toEqual({ a: '2' });
    expect(encodeBody(draft({ method: 'POST', bodyType: 'form', bodyRows: [row('a', '1'), row('b', '中')] })).body).toBe('a=1&b=%E4%B8%AD');
    expect(encodeBody(draft({ method: 'GET', bodyType: 'json', bodyText: '{}' })).body).toBeUndefined();
  });

  it('keeps a cookie jar from Set-Cookie values', () => {
    const jar = mergeSetCookies({ old: '1' }, ['sid=abc; Path=/; HttpOnly', 'old=; Max-Age=0']);
    expect(jar).toEqual({ sid: 'abc' });
  });
});

for (const viaProxy of [false, true]) {
  describe(`sending ${viaProxy ? 'through the Folio proxy' : 'straight to the target'}`, () => {
    const send = (d: DraftRequest) =>
      sendRequest(d, { viaProxy, docId, token: folio.adminToken, followRedirects: true, proxyBase: folioUrl });
    const echoed = async (d: DraftRequest) => {
      const r = await send(d);
      expect(r.status).toBe(200);
      return JSON.parse(new TextDecoder().decode(r.bytes));
    };

    it('sends headers, query and a JSON body as composed', async () => {
      const url = buildUrl(echo.url, '/api/user/{id}', [row('id', '5')], [row('a', '1'), row('b', 'x y')]);
      const got = await echoed(draft({ method: 'POST', url, headers: { 'X-Sign': 's1' }, bodyType: 'json', bodyText: '{"name":"张三"}' }));
      expect(got.path).toBe('/api/user/5');
      expect(got.query).toEqual({ a: '1', b: 'x y' });
      expect(got.headers['x-sign']).toBe('s1');
      expect(got.headers['content-type']).toBe('application/json');
      expect(JSON.parse(got.body)).toEqual({ name: '张三' });
      expect(got.headers.token).toBeUndefined();
    });

    it('sends header values and paths beyond ASCII', async () => {
      // A browser cannot put such a header value on a direct request; through the proxy it goes as UTF-8 bytes.
      const got = await echoed(draft({ url: `${echo.url}/路径/x`, headers: viaProxy ? { 'X-Name': '张三' } : {} }));
      expect(decodeURIComponent(got.path)).toBe('/路径/x');
      if (viaProxy) expect(Buffer.from(got.headers['x-name'], 'latin1').toString('utf8')).toBe('张三');
    });

    it('sends form-urlencoded bodies', async () => {
      const got = await echoed(draft({ method: 'PUT', url: `${echo.url}/f`, bodyType: 'form', bodyRows: [row('a', '1'), row('b', '2')] }));
      expect(got.headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(got.body).toBe('a=1&b=2');
    });

    it('sends multipart with a file', async () => {
      const file = new File([new Uint8Array(PNG)], 'dot.png', { type: 'image/png' });
      const got = await echoed(
        draft({
          method: 'POST',
          url: `${echo.url}/upload`,
          bodyType: 'multipart',
          bodyRows: [row('title', 'hi'), { ...row('file', '', 'file'), files: [file] }],
        }),
      );
      expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const sent = Buffer.from(got.bodyBase64, 'base64');
      expect(sent.includes(PNG)).toBe(true);
      expect(sent.toString('latin1')).toMatch(/name="file"; filename="dot.png"/);
      expect(sent.toString('latin1')).toMatch(/name="title"\r\n\r\nhi/);
    });

    it('shows images as images and JSON pretty', async () => {
      const png = await send(draft({ url: `${echo.url}/png` }));
      expect(viewOf(png).kind).toBe('image');
      const json = await send(draft({ url: `${echo.url}/j` }));
      expect(viewOf(json).kind).toBe('json');
      expect(json.headers['x-echo']).toBe('yes');
    });
  });
}

describe('the proxy refuses with a reason the console can show', () => {
  it('refuses the metadata address', async () => {
    await expect(
      sendRequest(draft({ url: 'http://169.254.169.254/latest/' }), {
        viaProxy: true,
        docId,
        token: folio.adminToken,
        followRedirects: true,
        proxyBase: folioUrl,
      }),
    ).rejects.toMatchObject({ status: 403, slug: 'outbound_refused' });
  });
});

describe('scripts (pure runner)', () => {
  it('an after-response script extracts a token that the next pre-request script signs with', async () => {
    const vars: Record<string, string> = {};
    const login = await runScript(
      'vars.token = resp.data.data.token; console.log("got", vars.token);',
      {
        req: { url: 'http://x/login', method: 'POST', params: {}, data: {}, headers: {} },
        resp: { status: 200, data: { code: 0, data: { token: 'T-123' } }, headers: {} },
        vars,
      },
      scriptLib(),
    );
    expect(login.error).toBeUndefined();
    expect(login.vars.token).toBe('T-123');
    expect(login.logs).toEqual(['got T-123']);

    const pre = await runScript(
      `const ts = '1700000000000';
       req.headers.Authorization = 'Bearer ' + vars.token;
       req.headers['X-Sign'] = lib.CryptoJS.HmacSHA256(req.url + ts, 'secret').toString();
       req.params.ts = ts;
       return req;`,
      { req: { url: 'http://x/api', method: 'GET', params: {}, data: null, headers: {} }, vars: login.vars },
      scriptLib(),
    );
    expect(pre.error).toBeUndefined();
    expect(pre.req.headers.Authorization).toBe('Bearer T-123');
    const { createHmac } = await import('node:crypto');
    expect(pre.req.headers['X-Sign']).toBe(createHmac('sha256', 'secret').update('http://x/api1700000000000').digest('hex'));
    expect(applyVars('Bearer {{token}} {{missing}}', login.vars)).toBe('Bearer T-123 {{missing}}');
  });

  it('signs with RSA through WebCrypto and reports script errors', async () => {
    const { generateKeyPairSync, createVerify } = await import('node:crypto');
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const out = await runScript(
      "vars.sig = await lib.RSA.signToB64('hello', vars.key, 'SHA256withRSA');",
      { req: { url: '', method: 'GET', params: {}, data: null, headers: {} }, vars: { key: pem } },
      scriptLib(),
    );
    expect(out.error).toBeUndefined();
    expect(createVerify('RSA-SHA256').update('hello').verify(publicKey, out.vars.sig, 'base64')).toBe(true);
    const bad = await runScript(
      'resp.data.x.y = 1;',
      { req: { url: '', method: 'GET', params: {}, data: null, headers: {} }, vars: {} },
      {},
    );
    expect(bad.error).toMatch(/TypeError/);
  });
});

describe('debug form rows from a form-encoded, deep-object API', () => {
  const p = (name: string, required = 0, example = '', children: DocParam[] = [], type = 'string'): DocParam =>
    ({ name, type, required, example, children, maxLength: '', description: '', orderIndex: 0 }) as DocParam;

  it('ticks only required params and those with an example; nested params become bracketed keys', () => {
    const rows = rowsFromParams([
      p('email', 1),
      p('expand'),
      p('name', 0, 'Jane'),
      p('address', 0, '', [p('city', 1), p('line1')], 'object'),
      p('items', 1, '', [p('price', 1, 'price_1')], 'array'),
    ]);
    expect(rows.map((r) => [r.name, r.enabled])).toEqual([
      ['email', true],
      ['expand', false],
      ['name', true],
      ['address[city]', false],
      ['address[line1]', false],
      ['items[0][price]', true],
    ]);
  });

  it('sends query arrays and objects as the spec’s style and explode say', () => {
    const q = (name: string, style: string, explode: boolean) => ({ in: 'query', name, style, explode });
    const params = [
      p('ids', 0, '["a","b"]', [], 'array[string]'),
      p('tags', 0, 'x,y', [], 'array'),
      p('codes', 0, '["1","2"]', [], 'array'),
      p('point', 0, '', [p('lat', 1, '1.5'), p('lng', 1, '2')], 'object'),
      p('box', 0, '', [p('w', 0, '3'), p('h', 0, '4')], 'object'),
      p('filter', 0, '', [p('name', 0, 'x')], 'object'),
      p('plain', 0, 'z'),
    ];
    const rows = rowsFromParams(params, [
      q('ids', 'form', true),
      q('tags', 'form', false),
      q('codes', 'pipeDelimited', false),
      q('point', 'form', true),
      q('box', 'form', false),
      q('filter', 'deepObject', true),
    ]);
    expect(rows.filter((r) => r.enabled).map((r) => [r.name, r.value])).toEqual([
      ['ids', 'a'],
      ['ids', 'b'],
      ['tags', 'x,y'],
      ['codes', '1|2'],
      ['lat', '1.5'],
      ['lng', '2'],
      ['box', 'w,3,h,4'],
      ['filter[name]', 'x'],
      ['plain', 'z'],
    ]);
    expect(buildUrl('https://api.test', '/search', [], rows)).toBe(
      'https://api.test/search?ids=a&ids=b&tags=x%2Cy&codes=1%7C2&lat=1.5&lng=2&box=w%2C3%2Ch%2C4&filter%5Bname%5D=x&plain=z',
    );
    // Without styles (a Torna push): one row with the example, as before.
    expect(rowsFromParams([params[0]]).map((r) => [r.name, r.value])).toEqual([['ids', '["a","b"]']]);
  });

  it('lets the body type decide a Content-Type header that does not fit the body', () => {
    expect(contentTypeFits('text/plain', 'json')).toBe(false);
    expect(contentTypeFits('application/json; charset=utf-8', 'json')).toBe(true);
    expect(contentTypeFits('application/x-www-form-urlencoded', 'form')).toBe(true);
    expect(contentTypeFits('text/plain', 'text')).toBe(true);
  });
});

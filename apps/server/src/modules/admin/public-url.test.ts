/** The public URL in force, shown beside its setting: the setting, else FOLIO_PUBLIC_URL, else the default. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FOLIO_PUBLIC_URL: 'https://docs.example.com/' } });
});
afterAll(() => t.close());

const guideUrl = async () =>
  /\*\*URL\*\*: `([^`]+)`/.exec((await t.app.inject({ method: 'GET', url: '/api/openapi/push.md', headers: { lang: 'en' } })).body)?.[1];

describe('public URL in force', () => {
  it('an empty setting shows the value FOLIO_PUBLIC_URL puts in force, and the push guide uses it', async () => {
    const r = await call(t.app, t.adminToken, 'GET', '/api/admin/setting/get');
    expect(r.data.values['folio.public-url']).toBe('');
    expect(r.data.publicUrl).toEqual({ value: 'https://docs.example.com', source: 'env', env: 'https://docs.example.com' });
    expect(await guideUrl()).toBe('https://docs.example.com/api');
  });

  it('a saved setting wins and says so, the environment value still shown; clearing it brings the environment back', async () => {
    const up = await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', {
      values: { 'folio.public-url': 'https://api.example.org' },
    });
    expect(up.data.publicUrl).toEqual({ value: 'https://api.example.org', source: 'setting', env: 'https://docs.example.com' });
    expect(await guideUrl()).toBe('https://api.example.org/api');
    const cleared = await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.public-url': '' } });
    expect(cleared.data.publicUrl.source).toBe('env');
    expect(await guideUrl()).toBe('https://docs.example.com/api');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf000003010100c9fe92ef0000000049454e44ae426082',
  'hex',
);

describe('uploads and the file download', () => {
  it('stores an image and serves it back inline with its type; usable as the avatar', async () => {
    const u = await createUser(t, 'painter');
    const up = await call(t.app, u.token, 'POST', '/api/upload', {
      filename: 'me.png',
      contentType: 'image/png',
      data: PNG.toString('base64'),
    });
    expect(up.code).toBe('0');
    expect(up.data).toMatchObject({ filename: 'me.png', size: PNG.length, contentType: 'image/png' });
    expect(up.data.fileId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await t.app.inject({ method: 'GET', url: up.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
    expect((await call(t.app, u.token, 'POST', '/api/user/info/update', { avatar: up.data.url })).code).toBe('0');
    expect((await call(t.app, u.token, 'GET', '/api/user/info')).data.avatar).toBe(up.data.url);
  });

  it('never serves an upload as a page: HTML and SVG download as octet-stream attachments in a sandbox', async () => {
    for (const [name, type, body] of [
      ['x.html', 'text/html', '<script>alert(localStorage.getItem("folio.token"))</script>'],
      ['x.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ]) {
      const up = await call(t.app, t.adminToken, 'POST', '/api/upload', {
        filename: name,
        contentType: type,
        data: Buffer.from(body).toString('base64'),
      });
      const res = await t.app.inject({ method: 'GET', url: up.data.url });
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('refuses anonymous uploads, empty and oversized files; unknown ids are 404', async () => {
    expect((await call(t.app, null, 'POST', '/api/upload', { filename: 'a', data: 'AAAA' })).code).toBe('1000');
    const empty = await call(t.app, t.adminToken, 'POST', '/api/upload', { filename: 'a', data: '' });
    expect(empty.status).toBe(422);
    await t.app.ctx.settings.set({ 'folio.upload.max-mb': '1' });
    const big = await call(t.app, t.adminToken, 'POST', '/api/upload', {
      filename: 'big.bin',
      data: Buffer.alloc(1024 * 1024 + 1).toString('base64'),
    });
    expect(big.status).toBe(413);
    expect(big.error).toBe('payload_too_large');
    await t.app.ctx.settings.set({ 'folio.upload.max-mb': '20' });
    expect((await t.app.inject({ method: 'GET', url: '/api/file/not-a-real-file-id' })).statusCode).toBe(404);
  });

  it('a file uploaded for a doc is gone once the doc is deleted', async () => {
    const w = await createWorld(t);
    const doc = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      name: 'With image',
      url: '/img',
      httpMethod: 'GET',
    });
    const up = await call(t.app, t.adminToken, 'POST', '/api/upload', {
      filename: 'diagram.png',
      contentType: 'image/png',
      data: Buffer.from('png-bytes').toString('base64'),
      docId: doc.data.id,
    });
    expect(up.code).toBe('0');
    expect((await t.app.inject({ method: 'GET', url: up.data.url })).statusCode).toBe(200);
    expect((await call(t.app, t.adminToken, 'POST', '/api/doc/delete', { id: doc.data.id })).code).toBe('0');
    expect((await t.app.inject({ method: 'GET', url: up.data.url })).statusCode).toBe(404);
  });
});

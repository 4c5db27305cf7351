/** Open users of a space and the legacy MD5 signature check of open-API envelopes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { md5 } from '../../lib/crypto.js';
import { computeOpenApiSign, verifyOpenApiSignature } from './signature.js';

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

describe('open users', () => {
  let t: TestApp;
  let spaceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    spaceId = (await createWorld(t)).spaceId;
  });
  afterAll(async () => t?.close());

  it('computes the Torna signature exactly: upper(md5(secret + sorted k+v + secret)), sign excluded', () => {
    const env = {
      name: 'doc.push',
      version: '1.0',
      data: '%7B%7D',
      access_token: 'tok',
      app_key: 'k1',
      timestamp: '2024-01-02 03:04:05',
      sign: 'x',
    };
    const expected = md5('s3cretaccess_tokentokapp_keyk1data%7B%7Dnamedoc.pushtimestamp2024-01-02 03:04:05version1.0s3cret').toUpperCase();
    expect(computeOpenApiSign(env, 's3cret')).toBe(expected);
  });

  it('creates a pair (secret shown once, encrypted at rest), verifies signatures, resets and disables', async () => {
    const add = await call(t.app, t.adminToken, 'POST', '/api/space/openuser/add', { spaceId, applicant: 'ci bot' });
    expect(add.code).toBe('0');
    const { appKey, secret, id } = add.data;
    expect(secret.length).toBeGreaterThan(20);
    const list = await call(t.app, t.adminToken, 'GET', '/api/space/openuser/list', { spaceId });
    expect(list.data).toEqual([expect.objectContaining({ id, appKey, hasSecret: true, status: 1, applicant: 'ci bot' })]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const row = await t.app.ctx.db.selectFrom('openUsers').select('secretEnc').where('appKey', '=', appKey).executeTakeFirstOrThrow();
    expect(row.secretEnc).not.toContain(secret);

    const env: Record<string, unknown> = {
      name: 'doc.push',
      version: '1.0',
      data: '%7B%7D',
      access_token: 'tok',
      app_key: appKey,
      timestamp: stamp(new Date()),
    };
    env.sign = computeOpenApiSign(env, secret);
    expect(await verifyOpenApiSignature(t.app, env)).toBe('ok');
    expect(await verifyOpenApiSignature(t.app, { ...env, sign: String(env.sign).toLowerCase() })).toBe('ok');
    expect(await verifyOpenApiSignature(t.app, { ...env, data: '%7B%22a%22%7D' })).toEqual({ error: 'invalid sign' });
    expect(await verifyOpenApiSignature(t.app, { ...env, sign: undefined })).toEqual({ error: 'missing sign' });
    const old: Record<string, unknown> = { ...env, timestamp: stamp(new Date(Date.now() - 3_600_000)) };
    old.sign = computeOpenApiSign(old, secret);
    expect(await verifyOpenApiSignature(t.app, old)).toEqual({ error: 'timestamp out of range' });
    // No app_key, or an unknown one: nothing to verify (Torna ignored them).
    expect(await verifyOpenApiSignature(t.app, { ...env, app_key: undefined })).toBe('ignored');
    expect(await verifyOpenApiSignature(t.app, { ...env, app_key: 'nobody' })).toBe('ignored');

    const reset = await call(t.app, t.adminToken, 'POST', '/api/space/openuser/resetSecret', { id });
    expect(reset.data.secret).not.toBe(secret);
    expect(await verifyOpenApiSignature(t.app, env)).toEqual({ error: 'invalid sign' });
    const env2 = { ...env, sign: undefined } as Record<string, unknown>;
    env2.sign = computeOpenApiSign(env2, reset.data.secret);
    expect(await verifyOpenApiSignature(t.app, env2)).toBe('ok');

    expect((await call(t.app, t.adminToken, 'POST', '/api/space/openuser/setStatus', { id, status: 0 })).code).toBe('0');
    expect(await verifyOpenApiSignature(t.app, env2)).toEqual({ error: 'app_key is disabled' });
    expect((await call(t.app, t.adminToken, 'POST', '/api/space/openuser/delete', { id })).code).toBe('0');
    expect((await call(t.app, t.adminToken, 'GET', '/api/space/openuser/list', { spaceId })).data).toEqual([]);

    const log = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { target: appKey });
    expect(log.data.list.map((x: { action: string }) => x.action)).toContain('token.reset');
  });

  it('is for space admins only', async () => {
    const u = await createUser(t, 'stranger');
    expect((await call(t.app, u.token, 'GET', '/api/space/openuser/list', { spaceId })).status).toBe(404);
    expect((await call(t.app, u.token, 'POST', '/api/space/openuser/add', { spaceId })).status).toBe(404);
    const add = await call(t.app, t.adminToken, 'POST', '/api/space/openuser/add', { spaceId });
    expect((await call(t.app, u.token, 'POST', '/api/space/openuser/resetSecret', { id: add.data.id })).status).toBe(404);
  });
});

/**
 * On MySQL/MariaDB the statements every request runs are server-side prepared statements (mysql2's `execute`,
 * the binary protocol; prepared-drivers.ts). Their rows must be exactly what the text protocol (`query`, what
 * every other statement uses) returns for the same statement: numbers, BIGINT epoch ms, flags, texts, nulls.
 */
import { tracingChannel } from 'node:diagnostics_channel';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, TEST_DB, type TestApp } from '../../test/harness.js';
import { mysqlPoolOptions } from './database.js';
import { compiledTexts } from './prepared.js';

interface Executed {
  query: string;
  values: unknown[];
  result?: unknown;
}

describe.skipIf(TEST_DB !== 'mysql')('prepared statements through the binary protocol (MySQL/MariaDB)', () => {
  let t: TestApp;
  const executed: Executed[] = [];
  const channel = tracingChannel('mysql2:execute');
  const handlers = {
    start: () => {},
    end: () => {},
    asyncStart: (ctx: any) => {
      if (!ctx.error) executed.push({ query: ctx.query, values: ctx.values, result: ctx.result });
    },
    asyncEnd: () => {},
    error: () => {},
  };
  beforeAll(async () => {
    t = await createTestApp();
    channel.subscribe(handlers);
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns the rows the text protocol returns, for every statement a session, tree, doc and search ran', async () => {
    const w = await createWorld(t);
    const member = await createUser(t, 'binary-reader');
    await call(t.app, t.adminToken, 'POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [member.id], roleCode: 'dev' });
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      name: 'Get an order',
      url: '/orders/{id}',
      httpMethod: 'GET',
      description: 'lattice order',
      requestParams: [{ name: 'id', type: 'number', required: 1, example: '12345678901234' }],
      responseParams: [{ name: 'order', type: 'object', children: [{ name: 'total', type: 'number' }] }],
    });
    expect(saved.code).toBe('0');
    for (const token of [t.adminToken, member.token]) {
      expect((await call(t.app, token, 'GET', '/api/doc/detail', { id: saved.data.id })).data?.name).toBe('Get an order');
      expect((await call(t.app, token, 'GET', '/api/doc/view/data', { spaceId: w.spaceId })).code).toBe('0');
      expect((await call(t.app, token, 'GET', '/api/search', { q: 'lattice' })).code).toBe('0');
    }
    channel.unsubscribe(handlers);
    // Every statement compiled in this process ran through the binary protocol.
    const ran = new Set(executed.map((e) => e.query));
    expect(compiledTexts().filter((q) => !ran.has(q))).toEqual([]);
    expect(ran.size).toBeGreaterThanOrEqual(6);
    // Each statement with each call's values, now, both ways on one connection set up as the server's.
    const conn = await mysql.createConnection(mysqlPoolOptions(t.databaseUrl));
    try {
      for (const e of executed) {
        const [binary] = await conn.execute(e.query, e.values as any[]);
        const [text] = await conn.query(e.query, e.values);
        expect(binary, e.query).toStrictEqual(text);
      }
      expect(executed.some((e) => (e.result as unknown[]).length > 0)).toBe(true);
    } finally {
      await conn.end();
    }
  });
});

/**
 * Poison numbers: every numeric input is bounded by its route's schema (finite, within sane ranges), so
 * `1e999` (Infinity once parsed) or `1e308` never reach the database. Plus a fuzz pass over every route of
 * Folio's own /api/openapi.json sending poison values in each numeric field: no answer may be a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../harness.js';

describe('poison numbers', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t);
  });
  afterAll(async () => t?.close());

  it('refuses orderIndex 1e999 and keeps the application list readable', async () => {
    const r = await call(t.app, t.adminToken, 'POST', '/api/module/update', { id: w.moduleId, name: 'app', orderIndex: '1e999' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    const list = await call(t.app, t.adminToken, 'GET', '/api/module/list', { projectId: w.projectId });
    expect(list.status).toBe(200);
  });

  it('refuses pageIndex=1e308 on paged routes', async () => {
    for (const url of ['/api/admin/user/page', '/api/admin/audit/page', '/api/user/message/page']) {
      const r = await t.app.inject({ method: 'GET', url: `${url}?pageIndex=1e308&pageSize=10`, headers: { token: t.adminToken } });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, url).toBeLessThan(500);
    }
  });

  it('answers no 5xx to poison values in any numeric field of any route', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ids = { id: w.moduleId, moduleId: w.moduleId, projectId: w.projectId, spaceId: w.spaceId };
    const numericProps = (schema: any): string[] =>
      Object.entries(schema?.properties ?? {})
        .filter(
          ([, s]: [string, any]) =>
            s?.type === 'integer' || s?.type === 'number' || (s?.anyOf ?? []).some((x: any) => x.type === 'integer'),
        )
        .map(([k]) => k);
    const failures: string[] = [];
    let requests = 0;
    for (const [path, item] of Object.entries<any>(spec.paths)) {
      if (path.includes('{')) continue;
      for (const method of ['get', 'post']) {
        const op = item[method];
        if (!op) continue;
        const query = (op.parameters ?? []).filter((p: any) => p.in === 'query');
        const qNums = query.filter((p: any) => p.schema?.type === 'integer' || p.schema?.type === 'number').map((p: any) => p.name);
        const body = op.requestBody?.content?.['application/json']?.schema;
        const bNums = numericProps(body);
        if (!qNums.length && !bNums.length) continue;
        for (const poison of ['1e999', '1e308', '-1e308', 'NaN', '9007199254740993']) {
          const q = new URLSearchParams(Object.fromEntries(query.map((p: any) => [p.name, ids[p.name as keyof typeof ids] ?? 'x'])));
          for (const n of qNums) q.set(n, poison);
          const payload: Record<string, unknown> = { ...ids, name: 'x' };
          for (const n of bNums) payload[n] = poison;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: `/api${path.replace(/^\/api/, '')}?${q}`,
            headers: { token: t.adminToken },
            ...(method === 'post' ? { payload } : {}),
          });
          requests++;
          if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${path} ${poison} → ${res.statusCode}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});

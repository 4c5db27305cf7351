/**
 * Mock scripts cannot take the server's memory (issue 20): the allocation pattern that grew a server to 1.7 GB
 * (`while (true) a.push(new Array(1e6).fill(1))`) ends with an error inside its memory bound, several at once
 * included, and one application cannot fill the sandbox queue (429 with Retry-After beyond its share).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDoc } from '../../src/modules/debug/debug-fixtures.js';
import { SandboxPool } from '../../src/modules/mock/sandbox-pool.js';
import { call, createTestApp, createWorld, type TestApp } from '../harness.js';

const BOMB = 'var a = []; while (true) a.push(new Array(1e6).fill(1));';
const req = { method: 'GET', path: '/', query: {}, headers: {}, body: null };
const MB = 1024 * 1024;

/** Runs fn while sampling this process's RSS (worker threads included); returns fn's value and the peak growth. */
async function peakGrowth<T>(fn: () => Promise<T>): Promise<{ value: T; growthMb: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const iv = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, growthMb: (peak - base) / MB };
  } finally {
    clearInterval(iv);
  }
}

describe('mock script memory over HTTP', () => {
  let t: TestApp;
  let moduleId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const w = await createWorld(t);
    moduleId = w.moduleId;
    const docInt = await writeDoc(t.app, { moduleId: t.app.ctx.ids.decode(moduleId, 'module'), url: '/bomb', httpMethod: 'GET' });
    const docId = t.app.ctx.ids.encode(docInt);
    for (const [path, mockScript] of [
      ['bomb', BOMB],
      ['fine', 'return { ok: req.query.n };'],
    ]) {
      const r = await call(t.app, t.adminToken, 'POST', '/api/doc/mock/save', { docId, name: path, path, resultType: 1, mockScript });
      expect(r.code, JSON.stringify(r.body)).toBe('0');
    }
  }, 180_000);
  afterAll(async () => t?.close());

  it('ends four concurrent bombs with an error and keeps the server within 300 MB of where it was', { timeout: 60_000 }, async () => {
    // Both sandbox workers started and warm.
    await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url: `/mock/${moduleId}/fine?n=1` })));
    const { value, growthMb } = await peakGrowth(() =>
      Promise.all([1, 2, 3, 4].map(() => t.app.inject({ method: 'GET', url: `/mock/${moduleId}/bomb` }))),
    );
    // Each ends at its memory bound or its deadline (whichever comes first on this machine), or is not run
    // because its deadline passed while the workers were busy (503 with Retry-After).
    for (const r of value) {
      if (r.statusCode === 500)
        expect(r.json()).toMatchObject({ error: 'mock_script_error', msg: expect.stringMatching(/memory|longer than/i) });
      else {
        expect(r.statusCode).toBe(503);
        expect(r.json().error).toBe('mock_script_busy');
        expect(r.headers['retry-after']).toBe('1');
      }
    }
    expect(growthMb).toBeLessThan(300);
    // The next script runs once the terminated workers are replaced (a client honours Retry-After meanwhile).
    let after = await t.app.inject({ method: 'GET', url: `/mock/${moduleId}/fine?n=2` });
    for (let i = 0; i < 30 && after.statusCode === 503; i++) {
      await new Promise((r) => setTimeout(r, Number(after.headers['retry-after']) * 1000));
      after = await t.app.inject({ method: 'GET', url: `/mock/${moduleId}/fine?n=2` });
    }
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ ok: '2' });
  });
});

describe('sandbox pool bounds', () => {
  it('answers a bomb with an out-of-memory error, not by growing the process', { timeout: 60_000 }, async () => {
    const pool = new SandboxPool(1);
    try {
      await pool.run('return 1;', req);
      const { value, growthMb } = await peakGrowth(() => pool.run(BOMB, req, { timeoutMs: 20_000 }));
      expect(value).toMatchObject({ ok: false, error: expect.stringMatching(/memory/i) });
      expect(growthMb).toBeLessThan(150);
      expect(await pool.run('return 2;', req)).toMatchObject({ ok: true, value: 2 });
    } finally {
      await pool.close();
    }
  });

  it('refuses an application beyond its share of scripts (429-style busy) and still runs another application', {
    timeout: 30_000,
  }, async () => {
    const pool = new SandboxPool(1);
    try {
      await pool.run('return 1;', req);
      const a1 = pool.run('while (true) {}', req, { timeoutMs: 300 }, 'A', 2);
      const a2 = pool.run('return "a2";', req, { timeoutMs: 300 }, 'A', 2);
      const a3 = await pool.run('return "a3";', req, { timeoutMs: 300 }, 'A', 2);
      expect(a3).toMatchObject({ ok: false, busy: 'app', retryAfter: 1 });
      const b = pool.run('return "b";', req, { timeoutMs: 5000 }, 'B', 2);
      expect(await a1).toMatchObject({ ok: false });
      // a2 waited behind a1 past its own deadline: it is not run, and says so.
      expect(await a2).toMatchObject({ ok: false, busy: 'server', retryAfter: 1 });
      expect(await b).toMatchObject({ ok: true, value: 'b' });
      // Places are given back: A may run again.
      expect(await pool.run('return "again";', req, { timeoutMs: 1000 }, 'A', 2)).toMatchObject({ ok: true, value: 'again' });
    } finally {
      await pool.close();
    }
  });
});

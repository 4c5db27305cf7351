import { describe, expect, it } from 'vitest';
import { runMockScript } from './mock-sandbox.js';
import { hasTemplate, mockRender } from './mock-template.js';

const req = { method: 'GET', path: '/api/user', query: { id: '7' }, headers: { 'x-a': 'b' }, body: { n: 1 } };

describe('mock sandbox', () => {
  it('runs a script with req, Mock and Random and returns its data', async () => {
    const r = await runMockScript(
      `var d = Mock.mock({'list|3': [{'id|+1': 1, name: '@cname', email: '@email', 'age|18-60': 1}]});
       return { id: req.query.id, h: req.headers['x-a'], n: req.body.n, list: d.list, word: Random.word(5, 5) };`,
      req,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value as {
      id: string;
      h: string;
      n: number;
      list: { id: number; name: string; email: string; age: number }[];
      word: string;
    };
    expect(v.id).toBe('7');
    expect(v.h).toBe('b');
    expect(v.n).toBe(1);
    expect(v.list.map((x) => x.id)).toEqual([1, 2, 3]);
    for (const x of v.list) {
      expect(x.name).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(x.email).toMatch(/^[a-z.0-9]+@[a-z.]+$/);
      expect(x.age).toBeGreaterThanOrEqual(18);
      expect(x.age).toBeLessThanOrEqual(60);
    }
    expect(v.word).toHaveLength(5);
  });

  it('settles a returned promise inside the sandbox', async () => {
    const r = await runMockScript(`return Promise.resolve(1).then(function (x) { return { x: x + 1 }; });`, req);
    expect(r).toMatchObject({ ok: true, value: { x: 2 } });
    const bad = await runMockScript(`return Promise.reject(new Error('nope'));`, req);
    expect(bad).toMatchObject({ ok: false, error: 'Error: nope' });
  });

  it('returns strings as they are and reports a missing return', async () => {
    const s = await runMockScript(`return '<xml/>';`, req);
    expect(s).toMatchObject({ ok: true, value: '<xml/>' });
    const none = await runMockScript(`var x = 1;`, req);
    expect(none).toMatchObject({ ok: false, error: 'no data returned, is return missing?' });
    const thrown = await runMockScript(`throw new TypeError('bad input');`, req);
    expect(thrown).toMatchObject({ ok: false, error: 'TypeError: bad input' });
  });

  it.each([
    ['constructor escape', `return this.constructor.constructor('return process')().env;`],
    ['Function escape', `return Function('return this')().process.mainModule;`],
    ['require', `return require('child_process');`],
    ['dynamic import', `return import('node:fs');`],
    ['host function prototype', `return __folio_mock.constructor('return process')();`],
  ])('%s finds no host objects', async (_name, script) => {
    const r = await runMockScript(script, req);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatch(/not defined|not a function|cannot read|undefined|null|module|could not load|ReferenceError|TypeError/i);
    expect(typeof process.pid).toBe('number');
  });

  it('keeps prototype pollution inside the sandbox and inside one call', async () => {
    const r = await runMockScript(
      `Object.prototype.polluted = 'yes'; Array.prototype.push = null; JSON.stringify = null; return {ok: 1};`,
      req,
    );
    // The result is serialised with the sandbox's own JSON captured before the script ran.
    expect(r).toMatchObject({ ok: true, value: { ok: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(typeof Array.prototype.push).toBe('function');
    const next = await runMockScript(`return ({}).polluted === undefined && typeof [].push === 'function';`, req);
    expect(next).toMatchObject({ ok: true, value: true });
  });

  it('stops an endless loop within the time limit', async () => {
    const t0 = Date.now();
    const r = await runMockScript(`while (true) {}`, req, { timeoutMs: 300 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/longer than 300 ms|interrupted/i);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('stops a 1 GB string and unbounded allocation at the memory limit', { timeout: 20_000 }, async () => {
    const big = await runMockScript(`return 'x'.repeat(1024 * 1024 * 1024);`, req);
    expect(big.ok).toBe(false);
    const grow = await runMockScript(`var a = []; var s = 'y'.repeat(65536); while (true) a.push(s + a.length);`, req, {
      timeoutMs: 10_000,
    });
    expect(grow.ok).toBe(false);
    if (!grow.ok) expect(grow.error).toMatch(/memory/i);
    const after = await runMockScript(`return 1 + 1;`, req);
    expect(after).toMatchObject({ ok: true, value: 2 });
  });

  it('stops deep recursion with a stack error', async () => {
    const r = await runMockScript(`function f(n) { return f(n + 1) + 1; } return f(0);`, req);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/stack/i);
  });

  it('bounds templates that ask for huge output', async () => {
    const r = await runMockScript(`return Mock.mock({'a|100000000': [{'b|100000000': ['x']}]});`, req);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/too large|memory/i);
  });
});

describe('mock templates in plain data', () => {
  it('applies rules and placeholders', () => {
    const v = mockRender({
      'list|2-4': [{ 'id|+1': 10, 'score|1-100.2': 1, 'ok|1': true, name: '@name', tag: 'n-@integer(1,9)' }],
      'pick|1': ['a', 'b'],
      'stars|3': '★',
      'n|5-5': 0,
      when: "@date('yyyy')",
      count: '@integer(1,100)',
    }) as Record<string, unknown>;
    const list = v.list as { id: number; score: number; ok: boolean; name: string; tag: string }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(4);
    expect(list.map((x) => x.id)).toEqual(list.map((_, i) => 10 + i));
    expect(list[0].name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(list[0].tag).toMatch(/^n-[1-9]$/);
    expect(typeof list[0].ok).toBe('boolean');
    expect(['a', 'b']).toContain(v.pick);
    expect(v.stars).toBe('★★★');
    expect(v.n).toBe(5);
    expect(String(v.when)).toMatch(/^\d{4}$/);
    expect(typeof v.count).toBe('number');
    expect(hasTemplate({ a: 1, b: ['x'] })).toBe(false);
    expect(hasTemplate({ 'a|1-2': 1 })).toBe(true);
  });
});

describe('sandbox pool (worker threads)', () => {
  it('keeps the event loop free while a script loops, and answers the next scripts', { timeout: 30_000 }, async () => {
    const { SandboxPool } = await import('./sandbox-pool.js');
    const pool = new SandboxPool(2);
    try {
      // Warm both workers.
      await Promise.all([pool.run('return 1;', req), pool.run('return 2;', req)]);
      // Watch the main thread's event loop while a worker loops for 1.5 s: a blocked loop would leave a gap
      // of at least 1.5 s between timer ticks.
      let last = Date.now();
      let maxGap = 0;
      const iv = setInterval(() => {
        const now = Date.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
      }, 10);
      const t0 = Date.now();
      const [loop, ok] = await Promise.all([pool.run('while (true) {}', req, { timeoutMs: 1500 }), pool.run('return req.query.id;', req)]);
      clearInterval(iv);
      expect(loop).toMatchObject({ ok: false });
      expect(ok).toMatchObject({ ok: true, value: '7' });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1400);
      expect(maxGap).toBeLessThan(1000);
      const after = await pool.run('return Mock.mock({"a|2": ["x"]}).a;', req);
      expect(after).toMatchObject({ ok: true, value: ['x', 'x'] });
    } finally {
      await pool.close();
    }
  });
});

/**
 * Runs mock scripts in QuickJS compiled to WebAssembly: a separate JS engine with its own heap, no host
 * objects (no process, require, import, fetch, timers), a deadline (default 1 s) and a memory limit
 * (default 32 MB) per call, and a fresh runtime for every call so nothing survives between scripts.
 * The memory limit is the WebAssembly memory's own maximum: QuickJS's malloc limit does not hold in this
 * build (it cannot see block sizes, so `new Array(1e6).fill(1)` in a loop grew to 2 GB), but a linear
 * memory that may not grow past its maximum makes every allocation beyond it fail inside the engine.
 * The script is the body of a function: it gets `req` ({method, path, query, headers, body, params}),
 * `Mock.mock(template)` and `Random.<placeholder>(...)` (bridged as JSON text to the plain-TS template
 * engine), and must `return` the response data.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  newQuickJSWASMModule,
  newVariant,
  type QuickJSHandle,
  type QuickJSWASMModule,
  RELEASE_SYNC,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten';
import { PLACEHOLDERS, TemplateRenderer } from './mock-template.js';

export interface MockRequestData {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  params?: Record<string, string>;
}

export type SandboxResult = { ok: true; value: unknown; timeMs: number } | { ok: false; error: string; timeMs: number };

export interface SandboxLimits {
  timeoutMs?: number;
  memoryBytes?: number;
  /** Largest JSON result accepted back into the host. */
  maxResultBytes?: number;
}

const PAGE = 64 * 1024;
/** Linear memory the engine starts with (its stack, static data and first heap pages). */
const BASE_BYTES = 16 * 1024 * 1024;
const DEFAULT_MEMORY = 32 * 1024 * 1024;

interface Engine {
  module: QuickJSWASMModule;
  memory: WebAssembly.Memory;
  /** Most heap bytes a script may allocate in it. */
  limit: number;
}

let compiled: Promise<WebAssembly.Module> | null = null;
let engine: Promise<Engine> | null = null;

/** The engine's WebAssembly code, compiled once per process (a pure function of the installed file). */
function wasmCode(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const file = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
    return WebAssembly.compile(readFileSync(file));
  })();
  return compiled;
}

/** A QuickJS instance whose linear memory may grow by at most `limit` bytes beyond its base. */
async function newEngine(limit: number): Promise<Engine> {
  const memory = new WebAssembly.Memory({ initial: BASE_BYTES / PAGE, maximum: Math.ceil((BASE_BYTES + limit) / PAGE) });
  const module = await newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmModule: await wasmCode(), wasmMemory: memory }));
  return { module, memory, limit };
}

/** The engine for this memory limit (one per process or worker; rebuilt when the limit changes or a run grew it). */
async function engineFor(limit: number): Promise<Engine> {
  const current = engine ? await engine : null;
  if (current && current.limit === limit) return current;
  engine = newEngine(limit);
  return engine;
}

/** Loads the WASM engine (with the default memory limit); the pool's workers call it before their first job. */
export async function loadQuickJS(): Promise<QuickJSWASMModule> {
  return (await engineFor(DEFAULT_MEMORY)).module;
}

const PRELUDE = `
(function (parse, stringify, slice, mockHost, randomHost) {
  var Random = {};
  ${JSON.stringify(PLACEHOLDERS)}.forEach(function (k) {
    Random[k] = function () { return parse(randomHost(k, stringify(slice.call(arguments)))); };
  });
  globalThis.Random = Random;
  globalThis.Mock = { Random: Random, mock: function (t) { return parse(mockHost(stringify(t === undefined ? null : t))); } };
})(JSON.parse, JSON.stringify, Array.prototype.slice, __folio_mock, __folio_random);
`;

/** Runs one script; never throws for script faults (they come back as {ok:false, error}). */
export async function runMockScript(script: string, req: MockRequestData, limits: SandboxLimits = {}): Promise<SandboxResult> {
  const memoryBytes = limits.memoryBytes ?? DEFAULT_MEMORY;
  const eng = await engineFor(memoryBytes);
  try {
    const r = await runIn(eng.module, script, req, limits, memoryBytes);
    // At the cap the engine may not even have room to describe its error.
    const full = eng.memory.buffer.byteLength + 1024 * 1024 >= BASE_BYTES + memoryBytes;
    if (!r.ok && full && !/memory/i.test(r.error))
      return { ...r, error: `out of memory (a script may use ${Math.round(memoryBytes / (1024 * 1024))} MB)` };
    return r;
  } finally {
    // A run that grew the linear memory leaves those pages resident (WebAssembly memory never shrinks):
    // the next run gets a fresh engine, and the grown one is collected.
    if (eng.memory.buffer.byteLength > BASE_BYTES + 8 * 1024 * 1024 && engine) {
      const cur = await engine;
      if (cur === eng) engine = null;
    }
  }
}

async function runIn(
  QuickJS: QuickJSWASMModule,
  script: string,
  req: MockRequestData,
  limits: SandboxLimits,
  memoryBytes: number,
): Promise<SandboxResult> {
  const started = performance.now();
  const timeoutMs = limits.timeoutMs ?? 1000;
  const maxResult = limits.maxResultBytes ?? 8 * 1024 * 1024;
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(512 * 1024);
  const deadline = Date.now() + timeoutMs;
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const ctx = runtime.newContext();
  const renderer = new TemplateRenderer();
  const done = (r: { ok: true; value: unknown } | { ok: false; error: string }): SandboxResult => ({
    ...r,
    timeMs: performance.now() - started,
  });
  const handles: QuickJSHandle[] = [];
  try {
    const hostCall = (fn: () => unknown) => {
      try {
        const out = JSON.stringify(fn() ?? null);
        if (out.length > maxResult) return { error: ctx.newError('mock template output is too large') };
        return ctx.newString(out);
      } catch (e) {
        return { error: ctx.newError((e as Error).message) };
      }
    };
    const mockFn = ctx.newFunction('__folio_mock', (tplHandle) => {
      const text = ctx.getString(tplHandle);
      return hostCall(() => renderer.render(JSON.parse(text)));
    });
    const randomFn = ctx.newFunction('__folio_random', (nameHandle, argsHandle) => {
      const name = ctx.getString(nameHandle);
      const args = JSON.parse(ctx.getString(argsHandle)) as unknown[];
      return hostCall(() => renderer.call(name, Array.isArray(args) ? args : []));
    });
    handles.push(mockFn, randomFn);
    ctx.setProp(ctx.global, '__folio_mock', mockFn);
    ctx.setProp(ctx.global, '__folio_random', randomFn);
    const setup = ctx.evalCode(`${PRELUDE}\nvar req = ${JSON.stringify(req)};`, 'prelude.js');
    if (setup.error) {
      const err = ctx.dump(setup.error);
      setup.error.dispose();
      return done({ ok: false, error: `sandbox setup failed: ${describe(err)}` });
    }
    setup.value.dispose();
    // Serialise inside the sandbox (its limits apply) with JSON.stringify captured before the script runs.
    const jsonFn = ctx.evalCode('(function (s) { return function (v) { return v === undefined ? undefined : s(v); }; })(JSON.stringify)');
    if (jsonFn.error) {
      jsonFn.error.dispose();
      return done({ ok: false, error: 'sandbox failure' });
    }
    handles.push(jsonFn.value);
    const res = ctx.evalCode(`(function () {\n${script}\n})()`, 'mock.js');
    if (res.error) {
      const err = ctx.dump(res.error);
      res.error.dispose();
      if (Date.now() >= deadline) return done({ ok: false, error: `script ran longer than ${timeoutMs} ms` });
      return done({ ok: false, error: describe(err) });
    }
    // A returned promise (an async helper, or import()) is settled inside the sandbox, within the same limits.
    let value = res.value;
    const first = ctx.getPromiseState(value);
    if (!(first.type === 'fulfilled' && first.notAPromise)) {
      if (first.type === 'fulfilled') first.value.dispose();
      else if (first.type === 'rejected') first.error.dispose();
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const err = ctx.dump(jobs.error);
        jobs.error.dispose();
        value.dispose();
        if (Date.now() >= deadline) return done({ ok: false, error: `script ran longer than ${timeoutMs} ms` });
        return done({ ok: false, error: describe(err) });
      }
      const state = ctx.getPromiseState(value);
      value.dispose();
      if (state.type === 'pending') return done({ ok: false, error: 'the returned promise never settled' });
      if (state.type === 'rejected') {
        const err = ctx.dump(state.error);
        state.error.dispose();
        return done({ ok: false, error: describe(err) });
      }
      value = state.value;
    }
    const asJson = ctx.callFunction(jsonFn.value, ctx.undefined, value);
    const isString = ctx.typeof(value) === 'string';
    const strValue = isString ? ctx.getString(value) : '';
    value.dispose();
    if (asJson.error) {
      const err = ctx.dump(asJson.error);
      asJson.error.dispose();
      return done({ ok: false, error: describe(err) });
    }
    const typ = ctx.typeof(asJson.value);
    const text = typ === 'string' ? ctx.getString(asJson.value) : undefined;
    asJson.value.dispose();
    if (text === undefined) return done({ ok: false, error: 'no data returned, is return missing?' });
    if (text.length > maxResult) return done({ ok: false, error: 'result is too large' });
    return done({ ok: true, value: isString ? strValue : JSON.parse(text) });
  } catch (e) {
    return done({ ok: false, error: (e as Error).message || 'sandbox failure' });
  } finally {
    for (const h of handles) if (h.alive) h.dispose();
    try {
      ctx.dispose();
      runtime.dispose();
    } catch {
      // A runtime whose heap hit the limit may refuse a clean teardown; it is unreachable either way.
    }
  }
}

function describe(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { name?: string; message?: string };
    if (e.message !== undefined) return `${e.name ?? 'Error'}: ${e.message}`;
  }
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

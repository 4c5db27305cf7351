/**
 * Route × actor permission matrix. Routes come from the server itself (app.featureRoutes), cases from
 * every `src/modules/<feature>/<feature>.perm.ts`; a route without a case, or a case without a route, fails.
 * How to add a case: PERMISSION-MATRIX.md next to this file.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ACTIONS, type Action, type RoleCode, roleAllows } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureRoute } from '../src/app.js';
import { type CallResult, createTestApp, type TestApp } from './harness.js';
import {
  ACTORS,
  type Actor,
  buildWorld,
  checkOutcome,
  type Expectations,
  type PermCase,
  type PermWorld,
  PRESETS,
} from './permission-matrix.world.js';

const modulesDir = fileURLToPath(new URL('../src/modules/', import.meta.url));
const permFiles = (readdirSync(modulesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.perm.ts')).sort();
const cases: { file: string; c: PermCase<any> }[] = [];
for (const f of permFiles) {
  const mod = (await import(pathToFileURL(join(modulesDir, f)).href)) as { permCases?: PermCase<any>[] };
  for (const c of mod.permCases ?? []) cases.push({ file: f, c });
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

let t: TestApp;
let w: PermWorld;
let routes: Map<string, FeatureRoute>;

beforeAll(async () => {
  // The world gives each login its own client address through X-Forwarded-For: the test speaks as a trusted proxy.
  t = await createTestApp({ env: { FOLIO_TRUST_PROXY: '127.0.0.1' } });
  w = await buildWorld(t);
  routes = new Map(t.app.featureRoutes.map((r) => [key(r), r]));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** Expectations for every actor: route-config defaults, then the preset, then the case's own. */
function expectationsFor(route: FeatureRoute, c: PermCase<any>): Expectations {
  const auth = route.config.auth ?? 'user';
  const base: Expectations = {};
  if (auth === 'user' || auth === 'super') {
    base.anonymous = 'login';
    if (!route.config.allowSetPassword) base.mustSetPassword = 'setpw';
  }
  return { ...base, ...(c.preset ? PRESETS[c.preset] : {}), ...(c.expect ?? {}) };
}

async function send(actor: Actor, method: string, url: string, req: Awaited<ReturnType<PermCase['request']>>): Promise<CallResult> {
  const token = w.tokens[actor];
  const headers: Record<string, string> = { ...(token ? { token } : {}), ...(req.headers ?? {}) };
  const res =
    method === 'GET'
      ? await t.app.inject({ method: 'GET', url: req.url ?? url, headers, query: (req.query ?? {}) as Record<string, string> })
      : await t.app.inject({
          method: method as 'POST',
          url: req.url ?? url,
          headers,
          query: (req.query ?? {}) as Record<string, string>,
          payload: req.body ?? {},
        });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, code: body?.code, msg: body?.msg, data: body?.data, error: body?.error, fields: body?.fields, body };
}

describe('permission matrix', () => {
  it('has a case for every route the server registers, and no case for a missing route', () => {
    const covered = new Set(cases.map((x) => x.c.route));
    const missing = [...routes.keys()].filter((k) => !covered.has(k));
    const stale = cases.filter((x) => !routes.has(x.c.route)).map((x) => `${x.c.route} (${x.file})`);
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it("agrees with each route's declared action: guest, dev and admin get through exactly when the shared matrix allows", () => {
    const disagree: string[] = [];
    let checked = 0;
    for (const { file, c } of cases) {
      const route = routes.get(c.route);
      const action = route?.config.action as Action | undefined;
      if (!route || !action) continue;
      const exp = expectationsFor(route, c);
      // The world's guest/dev/admin hold that role in its space and project; spaceMember is a dev of the space only.
      const roles: Partial<Record<Actor, RoleCode>> = { guest: 'guest', dev: 'dev', admin: 'admin' };
      if (ACTIONS[action].scope === 'space') roles.spaceMember = 'dev';
      for (const [actor, role] of Object.entries(roles) as [Actor, RoleCode][]) {
        const want = roleAllows(action, role) ? 'ok' : 'forbidden';
        const o = exp[actor];
        checked++;
        if ((o === 'ok' || o === 'forbidden') && o !== want) {
          disagree.push(`${c.route}${c.name ? ` [${c.name}]` : ''} (${file}) ${actor}: the case says ${o}, ${action} says ${want}`);
        }
      }
      if (exp.superAdmin === 'forbidden') disagree.push(`${c.route} (${file}) superAdmin: super admins pass every action`);
    }
    expect(checked).toBeGreaterThan(0);
    expect(disagree).toEqual([]);
  });

  for (const { file, c } of cases) {
    it(`${c.route}${c.name ? ` [${c.name}]` : ''} (${file})`, { timeout: 180_000 }, async () => {
      const route = routes.get(c.route);
      if (!route) throw new Error(`route ${c.route} is not registered`);
      const exp = expectationsFor(route, c);
      const lacking = ACTORS.filter((a) => exp[a] === undefined);
      expect(lacking, `case lacks expectations for these actors`).toEqual([]);
      const s = c.setup ? await c.setup(w) : undefined;
      const failures: string[] = [];
      for (const actor of ACTORS) {
        const req = await c.request(w, actor, s);
        const r = await send(actor, route.method, route.url, req);
        const why = checkOutcome(r, exp[actor] as NonNullable<Expectations[Actor]>, w);
        if (why) failures.push(`${actor}: ${why}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

/**
 * The permission matrix: case types, role presets, and the world every case runs in.
 * Cases live next to each feature as `src/modules/<feature>/<feature>.perm.ts` exporting `permCases`;
 * `permission-matrix.test.ts` aggregates them. How to add one: PERMISSION-MATRIX.md.
 */
import { randomBytes } from 'node:crypto';
import type { App } from '../src/app.js';
import { ADMIN_PASSWORD, type CallResult, call, type TestApp } from './harness.js';

/** Who calls. Roles are held on the world's space AND its private project. */
export const ACTORS = [
  'anonymous',
  /** Logged in, must set a password first (status 2). */
  'mustSetPassword',
  /** Logged in, no membership anywhere. */
  'stranger',
  /** Dev of the space, but not a member of the (private) project: the project is invisible to them. */
  'spaceMember',
  'guest',
  'dev',
  'admin',
  'superAdmin',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * Expected outcome: 'ok' (2xx and code "0" or no envelope), 'login' (401 / "1000"), 'setpw' (403 / "2000"),
 * 'forbidden' (403 / error forbidden), 'notfound' (404 / error not_found), an HTTP status, or a predicate
 * returning true (pass) or a string (failure reason).
 */
export type Outcome = 'ok' | 'login' | 'setpw' | 'forbidden' | 'notfound' | number | ((r: CallResult, w: PermWorld) => true | string);

export type Expectations = Partial<Record<Actor, Outcome>>;

/** The request one actor sends. `url` overrides the route's url (needed for routes with :params). */
export interface PermRequest {
  url?: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface PermCase<S = unknown> {
  /** 'METHOD /url' exactly as registered, e.g. 'GET /api/doc/detail' or 'GET /mock/:moduleId/*'. */
  route: string;
  /** Role preset (see PRESETS) merged under `expect`. */
  preset?: keyof typeof PRESETS;
  /** Per-actor expectations; override the preset. */
  expect?: Expectations;
  /** Runs once per case before the actors (as super admin through w.api); its result is passed to request. */
  setup?: (w: PermWorld) => Promise<S>;
  /** Builds the request for one actor (called right before that actor's call; create fresh targets here for destructive calls). */
  request: (w: PermWorld, actor: Actor, s: S) => PermRequest | Promise<PermRequest>;
  /** Optional label when a route has several cases (e.g. public vs private project). */
  name?: string;
}

/** Helper that keeps the setup type flowing into request. */
export function permCase<S = undefined>(c: PermCase<S>): PermCase<S> {
  return c;
}

const R = 'ok' as const;
const NF = 'notfound' as const;
const FB = 'forbidden' as const;

/**
 * Presets for the six business actors. Anonymous and must-set-password expectations are derived from the
 * route's config (auth user/super → 'login'; not allowSetPassword → 'setpw') unless the case sets them.
 */
export const PRESETS = {
  /** Any logged-in user (own account, own messages...). */
  anyUser: { stranger: R, spaceMember: R, guest: R, dev: R, admin: R, superAdmin: R },
  /** Super admins only (routes with auth 'super'). */
  superOnly: { stranger: FB, spaceMember: FB, guest: FB, dev: FB, admin: FB, superAdmin: R },
  /** Read inside the space (every member). */
  spaceRead: { stranger: NF, spaceMember: R, guest: R, dev: R, admin: R, superAdmin: R },
  /** Write inside the space (dev and admin of the space). */
  spaceWrite: { stranger: NF, spaceMember: R, guest: FB, dev: R, admin: R, superAdmin: R },
  /** Space administration. */
  spaceAdmin: { stranger: NF, spaceMember: FB, guest: FB, dev: FB, admin: R, superAdmin: R },
  /** Read inside the private project (members only). */
  projectRead: { stranger: NF, spaceMember: NF, guest: R, dev: R, admin: R, superAdmin: R },
  /** Write inside the private project (dev and admin). */
  projectWrite: { stranger: NF, spaceMember: NF, guest: FB, dev: R, admin: R, superAdmin: R },
  /** Project administration. */
  projectAdmin: { stranger: NF, spaceMember: NF, guest: FB, dev: FB, admin: R, superAdmin: R },
  /** Public routes (login page calls, health...): everybody gets through. */
  public: { anonymous: R, mustSetPassword: R, stranger: R, spaceMember: R, guest: R, dev: R, admin: R, superAdmin: R },
} as const satisfies Record<string, Expectations>;

/** The world the matrix runs in: one space, one private project with one application, a folder and a doc. */
export interface PermWorld {
  t: TestApp;
  app: App;
  tokens: Record<Actor, string | null>;
  userIds: Record<Exclude<Actor, 'anonymous'>, string>;
  spaceId: string;
  /** Private project; guest/dev/admin are members of it and of the space. */
  projectId: string;
  moduleId: string;
  folderId: string;
  /** An HTTP doc inside folderId. */
  docId: string;
  /** Calls the API as the super admin and returns `data`; throws unless code "0". */
  api<T = any>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<T>;
  /** A fresh private project in the world's space with the same memberships. */
  newProject(): Promise<string>;
  /** A fresh application in the world's project (or the given one). */
  newModule(projectId?: string): Promise<string>;
  /** A fresh folder in the world's application (or the given one). */
  newFolder(moduleId?: string): Promise<string>;
  /** A fresh HTTP doc in the world's application (or the given one). */
  newDoc(moduleId?: string, parentId?: string): Promise<string>;
  /** A fresh space where the actors hold the same roles as in the world's space. */
  newSpace(): Promise<string>;
  /** A fresh user (enabled, password set, no membership). */
  newUser(): Promise<{ id: string; username: string; password: string; token: string }>;
  /** A fresh must-set-password user's token. */
  newSetPasswordToken(): Promise<string>;
  /** A second, fresh session token of an actor (for calls that end or change the session). */
  login(actor: Exclude<Actor, 'anonymous'>): Promise<string>;
  /** The current password of an actor. */
  passwords: Record<Exclude<Actor, 'anonymous'>, string>;
  /** Headers that make a request come from a fresh client address (login rate limits are per address). */
  freshAddress(): Record<string, string>;
}

const PASSWORD = 'matrix-pass-1234';

/** Builds the world on a test app. */
export async function buildWorld(t: TestApp): Promise<PermWorld> {
  const { app } = t;
  const api = async <T = any>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<T> => {
    const r = await call(app, t.adminToken, method, url, payload);
    if (r.code !== '0') throw new Error(`world: ${method} ${url} failed: ${JSON.stringify(r.body)}`);
    return r.data as T;
  };
  let addr = 0;
  const freshAddress = () => {
    addr++;
    return { 'x-forwarded-for': `10.${(addr >> 16) & 255}.${(addr >> 8) & 255}.${addr & 255}` };
  };
  const loginWith = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login', headers: freshAddress(), payload: { username, password } });
    const body = res.json();
    if (body.code !== '0') throw new Error(`world: login ${username} failed: ${res.body}`);
    return body.data.token as string;
  };
  const mkUser = async (name: string, setPassword: boolean) => {
    const u = await api<{ id: string; password: string }>('POST', '/api/admin/user/add', {
      username: name,
      nickname: name,
      email: `${name}@example.com`,
    });
    const token = await loginWith(name, u.password);
    if (setPassword) {
      const s = await call(app, token, 'POST', '/api/user/password/setFirst', { password: PASSWORD });
      if (s.code !== '0') throw new Error(`world: setFirst failed ${JSON.stringify(s.body)}`);
    }
    return { id: u.id, token, username: name, password: setPassword ? PASSWORD : u.password };
  };
  const tag = randomBytes(3).toString('hex');
  const users = {
    mustSetPassword: await mkUser(`m_setpw_${tag}`, false),
    stranger: await mkUser(`m_stranger_${tag}`, true),
    spaceMember: await mkUser(`m_spacemember_${tag}`, true),
    guest: await mkUser(`m_guest_${tag}`, true),
    dev: await mkUser(`m_dev_${tag}`, true),
    admin: await mkUser(`m_admin_${tag}`, true),
  };
  const me = await api<{ id: string }>('GET', '/api/user/info');
  const newSpace = async () => {
    const id = (await api<{ id: string }>('POST', '/api/space/add', { name: `matrix-${randomBytes(3).toString('hex')}`, isCompose: 0 })).id;
    for (const role of ['guest', 'dev', 'admin'] as const) {
      await api('POST', '/api/space/member/add', { spaceId: id, userIds: [users[role].id], roleCode: role });
    }
    await api('POST', '/api/space/member/add', { spaceId: id, userIds: [users.spaceMember.id], roleCode: 'dev' });
    return id;
  };
  const spaceId = await newSpace();

  const newProject = async () => {
    const id = (
      await api<{ id: string }>('POST', '/api/project/add', { spaceId, name: `p-${randomBytes(3).toString('hex')}`, isPrivate: 1 })
    ).id;
    for (const role of ['guest', 'dev', 'admin'] as const) {
      await api('POST', '/api/project/member/add', { projectId: id, userIds: [users[role].id], roleCode: role });
    }
    return id;
  };
  const projectId = await newProject();
  const newModule = async (pid = projectId) =>
    (await api<{ id: string }>('POST', '/api/module/add', { projectId: pid, name: `app-${randomBytes(3).toString('hex')}` })).id;
  const moduleId = await newModule();
  const newFolder = async (mid = moduleId) =>
    (await api<{ id: string }>('POST', '/api/doc/folder/add', { moduleId: mid, parentId: '', name: `f-${randomBytes(3).toString('hex')}` }))
      .id;
  const newDoc = async (mid = moduleId, parentId = '') =>
    (
      await api<{ id: string }>('POST', '/api/doc/save', {
        moduleId: mid,
        parentId,
        name: `doc-${randomBytes(3).toString('hex')}`,
        url: `/m/${randomBytes(4).toString('hex')}`,
        httpMethod: 'GET',
        type: 0,
      })
    ).id;
  const folderId = await newFolder();
  const docId = await newDoc(moduleId, folderId);
  const newUser = () => mkUser(`m_u_${randomBytes(4).toString('hex')}`, true);
  const newSetPasswordToken = async () => (await mkUser(`m_s_${randomBytes(4).toString('hex')}`, false)).token;
  const passwords = {
    mustSetPassword: users.mustSetPassword.password,
    stranger: PASSWORD,
    spaceMember: PASSWORD,
    guest: PASSWORD,
    dev: PASSWORD,
    admin: PASSWORD,
    superAdmin: ADMIN_PASSWORD,
  };
  const usernames = {
    mustSetPassword: users.mustSetPassword.username,
    stranger: users.stranger.username,
    spaceMember: users.spaceMember.username,
    guest: users.guest.username,
    dev: users.dev.username,
    admin: users.admin.username,
    superAdmin: 'admin',
  };
  const login = (actor: Exclude<Actor, 'anonymous'>) => loginWith(usernames[actor], passwords[actor]);

  return {
    t,
    app,
    tokens: {
      anonymous: null,
      mustSetPassword: users.mustSetPassword.token,
      stranger: users.stranger.token,
      spaceMember: users.spaceMember.token,
      guest: users.guest.token,
      dev: users.dev.token,
      admin: users.admin.token,
      superAdmin: t.adminToken,
    },
    userIds: {
      mustSetPassword: users.mustSetPassword.id,
      stranger: users.stranger.id,
      spaceMember: users.spaceMember.id,
      guest: users.guest.id,
      dev: users.dev.id,
      admin: users.admin.id,
      superAdmin: me.id,
    },
    spaceId,
    projectId,
    moduleId,
    folderId,
    docId,
    api,
    newProject,
    newModule,
    newFolder,
    newDoc,
    newSpace,
    newUser,
    newSetPasswordToken,
    login,
    passwords,
    freshAddress,
  };
}

/** Checks one response against an outcome; returns null when it matches, else the reason. */
export function checkOutcome(r: CallResult, o: Outcome, w: PermWorld): string | null {
  const got = `HTTP ${r.status} code ${r.code} error ${r.error ?? '-'}`;
  if (typeof o === 'function') {
    const v = o(r, w);
    return v === true ? null : `${v} (${got})`;
  }
  if (typeof o === 'number') return r.status === o ? null : `expected HTTP ${o}, got ${got}`;
  switch (o) {
    case 'ok':
      return r.status < 300 && (r.code === undefined || r.code === '0') ? null : `expected ok, got ${got}: ${r.msg ?? ''}`;
    case 'login':
      return r.status === 401 && r.code === '1000' ? null : `expected login (401/1000), got ${got}`;
    case 'setpw':
      return r.status === 403 && r.code === '2000' ? null : `expected setpw (403/2000), got ${got}`;
    case 'forbidden':
      return r.status === 403 && r.error === 'forbidden' ? null : `expected forbidden (403), got ${got}`;
    case 'notfound':
      return r.status === 404 && r.error === 'not_found' ? null : `expected notfound (404), got ${got}`;
  }
}

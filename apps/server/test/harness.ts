/**
 * Test harness: builds the app on a real, isolated database per test file.
 * TEST_DB=sqlite (default, in-memory) | postgres (own schema in TEST_PG_URL) | mysql (own database on TEST_MYSQL_URL).
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { type App, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';

export const TEST_DB = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres' | 'mysql';
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

export const ADMIN_PASSWORD = 'admin-pass-1234';

export interface TestApp {
  app: App;
  /** The database URL (another app may be built on the same database: `createTestApp({ sameDatabaseAs })`). */
  databaseUrl: string;
  /** Token of the super admin `admin`. */
  adminToken: string;
  close(): Promise<void>;
}

/** Opens an isolated database for one test file and builds the app on it. */
export async function createTestApp(
  opts: { workers?: boolean; env?: Record<string, string>; sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const suffix = randomBytes(5).toString('hex');
  let url: string;
  let cleanup = async () => {};
  if (opts.sameDatabaseAs) {
    // A second server on the database of another (its owner drops the database).
    url = opts.sameDatabaseAs.databaseUrl;
  } else if (TEST_DB === 'postgres') {
    const schema = `folio_t_${suffix}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else if (TEST_DB === 'mysql') {
    const dbName = `folio_t_${suffix}`;
    const conn = await mysql.createConnection(MYSQL_URL);
    await conn.query(`create database ${dbName} character set utf8mb4`);
    await conn.end();
    const u = new URL(MYSQL_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
    cleanup = async () => {
      const c = await mysql.createConnection(MYSQL_URL);
      await c.query(`drop database ${dbName}`);
      await c.end();
    };
  } else if (process.env.TEST_SQLITE === 'file') {
    // A file, as a server uses it (WAL, the read-only connection beside the writer).
    const file = join(tmpdir(), `folio-test-${suffix}.db`);
    url = `sqlite:${file}`;
    cleanup = async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) await rm(f, { force: true });
    };
  } else {
    url = 'sqlite::memory:';
  }
  const uploads = join(tmpdir(), `folio-test-uploads-${suffix}`);
  const config = loadConfig({
    DATABASE_URL: url,
    FOLIO_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    FOLIO_UPLOAD_DIR: uploads,
    ...opts.env,
  });
  const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
  const app = await buildApp({ config, database, logger: false, workers: opts.workers ?? false });
  await app.ready();
  const adminToken = await loginAs(app, 'admin', ADMIN_PASSWORD);
  return {
    app,
    adminToken,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.destroy();
      await cleanup();
      await rm(uploads, { recursive: true, force: true });
    },
  };
}

/** Logs in and returns the token (throws with the envelope on failure). */
export async function loginAs(app: App, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
  const body = res.json();
  if (body.code !== '0') throw new Error(`login ${username} failed: ${res.body}`);
  return body.data.token;
}

export interface CallResult<T = any> {
  status: number;
  code: string;
  msg: string;
  data: T;
  error?: string;
  fields?: { field: string; message: string }[];
  body: any;
}

/** Calls the API with a token; GET sends `payload` as the query string. */
export async function call<T = any>(
  app: App,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
): Promise<CallResult<T>> {
  const headers: Record<string, string> = token ? { token } : {};
  const res =
    method === 'GET'
      ? await app.inject({ method, url, headers, query: (payload ?? {}) as Record<string, string> })
      : await app.inject({ method, url, headers, payload: payload ?? {} });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, code: body?.code, msg: body?.msg, data: body?.data, error: body?.error, fields: body?.fields, body };
}

/** Creates a user through the admin API, sets the password, and returns {id, token}. */
export async function createUser(t: TestApp, username: string, password = 'user-pass-1234'): Promise<{ id: string; token: string }> {
  const r = await call(t.app, t.adminToken, 'POST', '/api/admin/user/add', {
    username,
    nickname: username,
    email: `${username}@example.com`,
  });
  if (r.code !== '0') throw new Error(`create user failed: ${JSON.stringify(r.body)}`);
  const first = await loginAs(t.app, username, r.data.password);
  const s = await call(t.app, first, 'POST', '/api/user/password/setFirst', { password });
  if (s.code !== '0') throw new Error(`setFirst failed: ${JSON.stringify(s.body)}`);
  return { id: r.data.id, token: first };
}

/** A space, project and application owned by the admin: the world most tests start from. */
export async function createWorld(t: TestApp, opts: { isPrivate?: number } = {}) {
  const space = await call(t.app, t.adminToken, 'POST', '/api/space/add', {
    name: `space-${randomBytes(3).toString('hex')}`,
    isCompose: 0,
  });
  const project = await call(t.app, t.adminToken, 'POST', '/api/project/add', {
    spaceId: space.data.id,
    name: 'project',
    description: '',
    isPrivate: opts.isPrivate ?? 0,
  });
  const mod = await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: project.data.id, name: 'app' });
  return { spaceId: space.data.id as string, projectId: project.data.id as string, moduleId: mod.data?.id as string };
}

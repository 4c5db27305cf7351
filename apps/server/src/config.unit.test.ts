import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from './config.js';

describe('config', () => {
  it('defaults to port 7700 and an embedded SQLite file under ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(7700);
    expect(c.dialect).toBe('sqlite');
    expect(c.sqlitePath.endsWith('/data/folio.db')).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:7700');
    expect(c.adminPassword).toBeUndefined();
  });

  it('reads the three database kinds', () => {
    expect(parseDatabaseUrl('postgres://u@h:5432/db').dialect).toBe('postgres');
    expect(parseDatabaseUrl('postgresql://u@h/db').dialect).toBe('postgres');
    expect(parseDatabaseUrl('mysql://root@127.0.0.1:3306/test').dialect).toBe('mysql');
    expect(parseDatabaseUrl('sqlite::memory:').sqlitePath).toBe(':memory:');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ DATABASE_URL: 'oracle://x' }, /DATABASE_URL must start with/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ FOLIO_PUBLIC_URL: 'not a url' }, /FOLIO_PUBLIC_URL must be an absolute URL/],
    [{ FOLIO_ADMIN_PASSWORD: 'short' }, /at least 8 characters/],
    [{ FOLIO_TOKEN_TTL_DAYS: '0' }, /FOLIO_TOKEN_TTL_DAYS/],
  ])('refuses %o with a clear message', (env, msg) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(msg);
  });
});

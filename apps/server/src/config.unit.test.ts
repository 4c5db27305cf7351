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

describe('FOLIO_TRUST_PROXY', () => {
  it('is off by default and when set to off', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ FOLIO_TRUST_PROXY: 'off' }).trustProxy).toEqual([]);
  });

  it('reads a list of addresses, CIDRs and proxy-addr names', () => {
    expect(loadConfig({ FOLIO_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '*', '10.0.0.0/33', 'proxy.example.com'])('refuses %s with a clear message', (v) => {
    expect(() => loadConfig({ FOLIO_TRUST_PROXY: v })).toThrow(/FOLIO_TRUST_PROXY must be off or a comma-separated list/);
  });
});

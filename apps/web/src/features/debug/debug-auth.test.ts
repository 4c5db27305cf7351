/** The debug console's credential rows from a doc's security. */
import type { DocAuth } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { withAuthRows } from './debug-auth';
import { row } from './debug-request';

const bearer: DocAuth = [[{ name: 'bearerAuth', type: 'http', scheme: 'bearer', scopes: [] }]];
const pairs = (rows: { name: string; value: string; enabled: boolean }[]) => rows.map((r) => [r.name, r.value, r.enabled]);

describe('withAuthRows', () => {
  it('puts a Bearer placeholder in the Authorization header', () => {
    const out = withAuthRows(bearer, [row('Accept', 'application/json')], []);
    expect(pairs(out.headerRows)).toEqual([
      ['Accept', 'application/json', true],
      ['Authorization', 'Bearer {{bearerAuth}}', true],
    ]);
    expect(out.queryRows).toEqual([]);
  });

  it('puts API keys where the scheme says: header, query parameter or cookie', () => {
    const auth: DocAuth = [
      [
        { name: 'key', type: 'apiKey', in: 'query', paramName: 'api_key', scopes: [] },
        { name: 'app id', type: 'apiKey', in: 'header', paramName: 'X-App-Id', scopes: [] },
        { name: 'session', type: 'apiKey', in: 'cookie', paramName: 'sid', scopes: [] },
      ],
    ];
    const out = withAuthRows(auth, [], []);
    expect(pairs(out.queryRows)).toEqual([['api_key', '{{key}}', true]]);
    expect(pairs(out.headerRows)).toEqual([
      ['X-App-Id', '{{app_id}}', true],
      ['Cookie', 'sid={{session}}', true],
    ]);
  });

  it('uses the first alternative that needs something; none when nothing is needed', () => {
    const basicOrKey: DocAuth = [[], [{ name: 'basic', type: 'http', scheme: 'basic', scopes: [] }]];
    expect(pairs(withAuthRows(basicOrKey, [], []).headerRows)).toEqual([['Authorization', 'Basic {{basic}}', true]]);
    expect(withAuthRows([], [], []).headerRows).toEqual([]);
    expect(withAuthRows(null, [], []).headerRows).toEqual([]);
  });

  it('leaves the credential to an environment or doc row that sends the same header, in any case', () => {
    const env = { ...row('authorization', 'Bearer real-token'), origin: 'env' as const };
    const out = withAuthRows(bearer, [env], []);
    expect(pairs(out.headerRows)).toEqual([['authorization', 'Bearer real-token', true]]);
  });

  it('keeps a credential the user filled in when the environment changes, and drops it when the new one sends it', () => {
    const first = withAuthRows(bearer, [], []);
    const typed = first.headerRows.map((r) => ({ ...r, value: 'Bearer typed' }));
    expect(pairs(withAuthRows(bearer, typed, []).headerRows)).toEqual([['Authorization', 'Bearer typed', true]]);
    const env = { ...row('Authorization', 'Bearer from-env'), origin: 'env' as const };
    expect(pairs(withAuthRows(bearer, [env, ...typed], []).headerRows)).toEqual([['Authorization', 'Bearer from-env', true]]);
  });

  it('sends OAuth 2 and OpenID Connect tokens as Bearer', () => {
    const auth: DocAuth = [[{ name: 'oauth', type: 'oauth2', scopes: ['read'] }]];
    expect(pairs(withAuthRows(auth, [], []).headerRows)).toEqual([['Authorization', 'Bearer {{oauth}}', true]]);
  });
});

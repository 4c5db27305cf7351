/** Permission-matrix cases of the sign-in routes (see test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

/** An enabled plain-OAuth2 provider (no discovery, so nothing is fetched). */
const newProvider = async (w: PermWorld) => {
  await w.api('POST', '/api/admin/setting/update', { values: { 'folio.login.oauth.enable': 'true' } });
  const p = await w.api<{ id: string }>('POST', '/api/admin/sso/oauth/save', {
    enabled: true,
    type: 'oauth2',
    buttonText: 'Perm',
    authorizationUrl: 'https://idp.example/authorize',
    tokenUrl: 'https://idp.example/token',
    userinfoUrl: 'https://idp.example/user',
    clientId: 'perm',
    autoCreate: true,
  });
  return p.id;
};

const redirect = (r: { status: number }) => r.status === 302 || `expected a 302 redirect, got ${r.status}`;
const everyone = (o: unknown) =>
  ({ anonymous: o, mustSetPassword: o, stranger: o, spaceMember: o, guest: o, dev: o, admin: o, superAdmin: o }) as never;

const provider = {
  enabled: true,
  type: 'oauth2',
  buttonText: 'Perm',
  authorizationUrl: 'https://idp.example/authorize',
  tokenUrl: 'https://idp.example/token',
  userinfoUrl: 'https://idp.example/user',
  clientId: 'perm',
  autoCreate: true,
};

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/sso/methods', preset: 'public', request: () => ({}) }),
  permCase({
    route: 'GET /api/sso/oauth/:id/start',
    preset: 'public',
    expect: everyone(redirect),
    setup: newProvider,
    request: (_w, _a, id: string) => ({ url: `/api/sso/oauth/${id}/start` }),
  }),
  permCase({
    route: 'GET /api/sso/oauth/:id/callback',
    preset: 'public',
    expect: everyone(redirect),
    setup: newProvider,
    request: (_w, _a, id: string) => ({ url: `/api/sso/oauth/${id}/callback`, query: { code: 'x', state: 'y' } }),
  }),
  permCase({
    route: 'POST /api/sso/loginKey/exchange',
    preset: 'public',
    expect: everyone(400),
    request: () => ({ body: { loginKey: 'not-a-real-login-key' } }),
  }),
  permCase({ route: 'GET /api/admin/sso/oauth/list', preset: 'superOnly', request: () => ({}) }),
  permCase({ route: 'POST /api/admin/sso/oauth/save', preset: 'superOnly', request: () => ({ body: provider }) }),
  permCase({
    route: 'POST /api/admin/sso/oauth/delete',
    preset: 'superOnly',
    request: async (w) => ({ body: { id: await newProvider(w) } }),
  }),
  permCase({
    route: 'POST /api/admin/sso/oauth/test',
    preset: 'superOnly',
    setup: newProvider,
    request: (_w, _a, id: string) => ({ body: { id } }),
  }),
  permCase({ route: 'POST /api/admin/sso/ldap/test', preset: 'superOnly', request: () => ({ body: {} }) }),
  permCase({ route: 'POST /api/admin/sso/form/test', preset: 'superOnly', request: () => ({ body: { username: 'u', password: 'p' } }) }),
];

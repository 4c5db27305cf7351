/** Permission-matrix cases of the agents feature: tokens, Markdown twins, llms.txt, /mcp (PERMISSION-MATRIX.md). */
import type { CallResult } from '../../../test/harness.js';
import { ACTORS, type Actor, type Outcome, type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

const all = (o: Outcome) => Object.fromEntries(ACTORS.map((a) => [a, o])) as Record<Actor, Outcome>;
const newShare = (w: PermWorld) =>
  w.api<{ id: string; publicId: string }>('POST', '/api/share/add', { moduleId: w.moduleId, type: 1, isAll: 1 });
/** A public compose project (in a composed space of its own) showing the world's doc; returns its public id. */
const newCompose = async (w: PermWorld) => {
  const spaceId = (await w.api<{ id: string }>('POST', '/api/space/add', { name: 'perm-agents-compose', isCompose: 1 })).id;
  const p = await w.api<{ id: string; publicId: string }>('POST', '/api/compose/project/add', { spaceId, name: 'c', type: 1 });
  await w.api('POST', '/api/compose/doc/add', { projectId: p.id, docIds: [w.docId] });
  return p.publicId;
};

/** Readers of the private project get the twin; others get 404 like a missing doc; no valid user → 401. */
const projectReaders = {
  anonymous: 'login',
  mustSetPassword: 'login',
  stranger: 'notfound',
  spaceMember: 'notfound',
  guest: 'ok',
  dev: 'ok',
  admin: 'ok',
  superAdmin: 'ok',
} as const;

/** get_doc through /mcp: the private doc for members, "Not found" (isError) for the rest. */
const mcpResult =
  (readable: boolean) =>
  (r: CallResult): true | string => {
    if (r.status !== 200) return `status ${r.status}`;
    const isError = !!r.body?.result?.isError;
    return isError === !readable || `isError ${isError}`;
  };

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/user/token/list', preset: 'anyUser', request: () => ({}) }),
  permCase({ route: 'POST /api/user/token/create', preset: 'anyUser', request: () => ({ body: { name: 'matrix' } }) }),
  permCase({
    route: 'POST /api/user/token/revoke',
    // A token of another user is not found for everyone but its owner (the super admin created it).
    preset: 'anyUser',
    expect: { stranger: 'notfound', spaceMember: 'notfound', guest: 'notfound', dev: 'notfound', admin: 'notfound', superAdmin: 'ok' },
    request: async (w) => ({ body: { id: (await w.api<{ id: string }>('POST', '/api/user/token/create', { name: 'x' })).id } }),
  }),
  permCase({ route: 'GET /view/:file', expect: projectReaders, request: (w) => ({ url: `/view/${w.docId}.md` }) }),
  permCase({
    route: 'GET /llms.txt',
    expect: { ...projectReaders, stranger: 'notfound', spaceMember: 'notfound' },
    request: (w) => ({ query: { project: w.projectId } }),
  }),
  permCase({
    route: 'GET /llms-full.txt',
    expect: { ...projectReaders, stranger: 'notfound', spaceMember: 'notfound' },
    request: (w) => ({ query: { project: w.projectId } }),
  }),
  // Share and compose links are the capability: everybody holding one reads the same.
  permCase({
    route: 'GET /share/:id',
    expect: all('ok'),
    setup: newShare,
    request: (_w, _a, s) => ({ url: `/share/${s.publicId}`, headers: { accept: 'text/markdown' } }),
  }),
  permCase({
    route: 'GET /share/:id/:file',
    expect: all('ok'),
    setup: newShare,
    request: (w, _a, s) => ({ url: `/share/${s.publicId}/${w.docId}.md` }),
  }),
  permCase({
    route: 'GET /show/:id',
    expect: all('ok'),
    setup: newCompose,
    request: (_w, _a, id) => ({ url: `/show/${id}`, headers: { accept: 'text/markdown' } }),
  }),
  permCase({
    route: 'GET /show/:id/:file',
    expect: all('ok'),
    setup: newCompose,
    request: (w, _a, id) => ({ url: `/show/${id}/${w.docId}.md` }),
  }),
  permCase({
    route: 'POST /mcp',
    expect: {
      anonymous: 401,
      mustSetPassword: 401,
      stranger: mcpResult(false),
      spaceMember: mcpResult(false),
      guest: mcpResult(true),
      dev: mcpResult(true),
      admin: mcpResult(true),
      superAdmin: mcpResult(true),
    },
    request: (w) => ({
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_doc', arguments: { id: w.docId } } },
    }),
  }),
  permCase({ route: 'GET /mcp', expect: all(405), request: () => ({}) }),
  permCase({ route: 'DELETE /mcp', expect: all(405), request: () => ({}) }),
];

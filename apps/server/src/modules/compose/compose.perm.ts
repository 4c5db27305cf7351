/** Permission-matrix cases of compose projects (see apps/server/test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

interface ComposeWorld {
  spaceId: string;
  id: string;
  publicId: string;
  pageId: string;
}

const worlds = new WeakMap<PermWorld, Promise<ComposeWorld>>();

/** A composed space where the actors hold the same roles as in the world's space, with one public project. */
function composeWorld(w: PermWorld): Promise<ComposeWorld> {
  let p = worlds.get(w);
  if (!p) {
    p = (async () => {
      const spaceId = (await w.api<{ id: string }>('POST', '/api/space/add', { name: 'perm-compose', isCompose: 1 })).id;
      for (const [roleCode, actors] of [
        ['dev', ['spaceMember', 'dev']],
        ['guest', ['guest']],
        ['admin', ['admin']],
      ] as const) {
        await w.api('POST', '/api/space/member/add', { spaceId, userIds: actors.map((a) => w.userIds[a]), roleCode });
      }
      const proj = await w.api<{ id: string; publicId: string }>('POST', '/api/compose/project/add', { spaceId, name: 'P', type: 1 });
      await w.api('POST', '/api/compose/doc/add', { projectId: proj.id, docIds: [w.docId] });
      const page = await w.api<{ id: string }>('POST', '/api/compose/page/add', { projectId: proj.id, title: 'T', content: 'c' });
      return { spaceId, id: proj.id, publicId: proj.publicId, pageId: page.id };
    })();
    worlds.set(w, p);
  }
  return p;
}
const newProject = async (w: PermWorld) =>
  w.api<{ id: string }>('POST', '/api/compose/project/add', { spaceId: (await composeWorld(w)).spaceId, name: 'Q', type: 2 });
const newFolder = async (w: PermWorld) =>
  w.api<{ id: string }>('POST', '/api/compose/doc/folder/add', { projectId: (await composeWorld(w)).id, name: 'F' });
const newPage = async (w: PermWorld) =>
  w.api<{ id: string }>('POST', '/api/compose/page/add', { projectId: (await composeWorld(w)).id, title: 'T', content: 'c' });

export const permCases: PermCase<any>[] = [
  permCase({
    route: 'GET /api/compose/project/list',
    preset: 'spaceRead',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { spaceId: c.spaceId } }),
  }),
  permCase({
    route: 'GET /api/compose/project/info',
    preset: 'spaceRead',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { id: c.id } }),
  }),
  permCase({
    route: 'POST /api/compose/project/add',
    preset: 'spaceWrite',
    setup: composeWorld,
    request: (_w, _a, c) => ({ body: { spaceId: c.spaceId, name: 'N', type: 1 } }),
  }),
  permCase({
    route: 'POST /api/compose/project/update',
    preset: 'spaceWrite',
    setup: newProject,
    request: (_w, _a, p) => ({ body: { id: p.id, name: 'N2', type: 2 } }),
  }),
  permCase({
    route: 'POST /api/compose/project/enable',
    preset: 'spaceWrite',
    setup: newProject,
    request: (_w, _a, p) => ({ body: { id: p.id } }),
  }),
  permCase({
    route: 'POST /api/compose/project/disable',
    preset: 'spaceWrite',
    setup: newProject,
    request: (_w, _a, p) => ({ body: { id: p.id } }),
  }),
  permCase({
    route: 'POST /api/compose/project/delete',
    preset: 'spaceWrite',
    request: async (w) => ({ body: { id: (await newProject(w)).id } }),
  }),
  permCase({
    route: 'GET /api/compose/project/password',
    preset: 'spaceWrite',
    setup: newProject,
    request: (_w, _a, p) => ({ query: { id: p.id } }),
  }),
  permCase({
    route: 'GET /api/compose/doc/list',
    preset: 'spaceRead',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { projectId: c.id } }),
  }),
  // The picker must also be able to read the doc: the world's doc sits in a private project the space member cannot see.
  permCase({
    route: 'POST /api/compose/doc/add',
    preset: 'spaceWrite',
    expect: { spaceMember: 'notfound' },
    setup: composeWorld,
    request: (w, _a, c) => ({ body: { projectId: c.id, docIds: [w.docId] } }),
  }),
  permCase({
    route: 'POST /api/compose/doc/folder/add',
    preset: 'spaceWrite',
    setup: composeWorld,
    request: (_w, _a, c) => ({ body: { projectId: c.id, name: 'F' } }),
  }),
  permCase({
    route: 'POST /api/compose/doc/update',
    preset: 'spaceWrite',
    setup: newFolder,
    request: (_w, _a, f) => ({ body: { id: f.id, folderName: 'G' } }),
  }),
  permCase({
    route: 'POST /api/compose/doc/delete',
    preset: 'spaceWrite',
    request: async (w) => ({ body: { id: (await newFolder(w)).id } }),
  }),
  permCase({
    route: 'GET /api/compose/project/params',
    preset: 'spaceRead',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { projectId: c.id } }),
  }),
  permCase({
    route: 'POST /api/compose/project/params/save',
    preset: 'spaceWrite',
    setup: composeWorld,
    request: (_w, _a, c) => ({ body: { projectId: c.id, globalHeaders: [{ name: 'X-A' }] } }),
  }),
  permCase({
    route: 'GET /api/compose/page/list',
    preset: 'spaceRead',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { projectId: c.id } }),
  }),
  permCase({
    route: 'POST /api/compose/page/add',
    preset: 'spaceWrite',
    setup: composeWorld,
    request: (_w, _a, c) => ({ body: { projectId: c.id, title: 'T', content: 'x' } }),
  }),
  permCase({
    route: 'POST /api/compose/page/update',
    preset: 'spaceWrite',
    setup: newPage,
    request: (_w, _a, p) => ({ body: { id: p.id, title: 'U', content: 'y' } }),
  }),
  permCase({
    route: 'POST /api/compose/page/delete',
    preset: 'spaceWrite',
    request: async (w) => ({ body: { id: (await newPage(w)).id } }),
  }),
  // Anonymous /show reads: the public id is the capability.
  permCase({
    route: 'GET /api/compose/project/get',
    preset: 'public',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { id: c.publicId } }),
  }),
  permCase({
    route: 'POST /api/compose/project/checkPassword',
    preset: 'public',
    setup: composeWorld,
    request: (_w, _a, c) => ({ body: { id: c.publicId, password: 'd41d8cd98f00b204e9800998ecf8427e' } }),
  }),
  permCase({
    route: 'GET /api/compose/doc/menu',
    preset: 'public',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { projectId: c.publicId } }),
  }),
  permCase({
    route: 'GET /api/compose/doc/revision',
    preset: 'public',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { projectId: c.publicId } }),
  }),
  permCase({
    route: 'GET /api/compose/doc/get',
    preset: 'public',
    setup: composeWorld,
    request: (w, _a, c) => ({ query: { projectId: c.publicId, docId: w.docId } }),
  }),
  permCase({
    route: 'GET /api/compose/page/get',
    preset: 'public',
    setup: composeWorld,
    request: (_w, _a, c) => ({ query: { projectId: c.publicId, id: c.pageId } }),
  }),
];

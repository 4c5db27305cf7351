/**
 * Permission-matrix cases of the MeterSphere routes (see test/PERMISSION-MATRIX.md). The account points at a
 * closed local port, so lookups fail after the permission check (400 for those allowed) and pushes are logged
 * as failed deliveries.
 */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

const AK = 'AKperm0123456789';
const SK = 'SKperm0123456789';

/** Turns the integration on and gives the world's space an account and the world's application a target. */
const setup = async (w: PermWorld) => {
  await w.api('POST', '/api/admin/setting/update', { values: { 'metershpere.enable': 'true' } });
  await w.api('POST', '/api/space/metersphere/save', {
    spaceId: w.spaceId,
    msAddress: 'http://127.0.0.1:9',
    msAccessKey: AK,
    msSecretKey: SK,
    msSpaceId: 'ws',
  });
  await w.api('POST', '/api/module/metersphere/save', { moduleId: w.moduleId, msProjectId: 'p', msModuleId: 'm', msCoverModule: 1 });
  return null;
};

/** Allowed callers get the MeterSphere call's failure (400), the others the usual refusal. */
const lookupFails = { admin: 400, superAdmin: 400 } as const;

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/space/metersphere/load', preset: 'spaceAdmin', setup, request: (w) => ({ query: { spaceId: w.spaceId } }) }),
  permCase({
    route: 'POST /api/space/metersphere/save',
    preset: 'spaceAdmin',
    setup,
    request: (w) => ({ body: { spaceId: w.spaceId, msAddress: 'http://127.0.0.1:9', msAccessKey: AK, msSpaceId: 'ws' } }),
  }),
  permCase({ route: 'POST /api/space/metersphere/test', preset: 'spaceAdmin', setup, request: (w) => ({ body: { spaceId: w.spaceId } }) }),
  permCase({
    route: 'GET /api/space/metersphere/workspaces',
    preset: 'spaceAdmin',
    expect: lookupFails,
    setup,
    request: (w) => ({ query: { spaceId: w.spaceId } }),
  }),
  permCase({
    route: 'GET /api/module/metersphere/projects',
    preset: 'projectAdmin',
    expect: lookupFails,
    setup,
    request: (w) => ({ query: { moduleId: w.moduleId } }),
  }),
  permCase({
    route: 'GET /api/module/metersphere/modules',
    preset: 'projectAdmin',
    expect: lookupFails,
    setup,
    request: (w) => ({ query: { moduleId: w.moduleId, msProjectId: 'p' } }),
  }),
  permCase({
    route: 'GET /api/module/metersphere/load',
    preset: 'projectAdmin',
    setup,
    request: (w) => ({ query: { moduleId: w.moduleId } }),
  }),
  permCase({
    route: 'POST /api/module/metersphere/save',
    preset: 'projectAdmin',
    setup,
    request: (w) => ({ body: { moduleId: w.moduleId, msProjectId: 'p', msModuleId: 'm', msCoverModule: 1 } }),
  }),
  permCase({
    route: 'POST /api/module/metersphere/push',
    preset: 'projectAdmin',
    setup,
    request: (w) => ({ body: { moduleId: w.moduleId } }),
  }),
  permCase({
    route: 'GET /api/module/metersphere/log',
    preset: 'projectAdmin',
    setup,
    request: (w) => ({ query: { moduleId: w.moduleId } }),
  }),
];

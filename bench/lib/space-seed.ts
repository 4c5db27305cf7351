/**
 * Seeds a space of APPS × DOCS_PER_APP docs (20 parameters each) straight through the repository
 * functions (not one HTTP call per doc), on any database URL Folio accepts. Used by the foundation and
 * read-path benchmarks.
 */
import { ParamOwner, ParamStyle } from '@folio/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { insertManyReturningIds, openDatabase } from '../../apps/server/src/db/database.js';
import { dataId, docKey, folderKey } from '../../apps/server/src/modules/docs/doc-keys.js';
import { insertParams, type ParamInput, type ParamSet } from '../../apps/server/src/modules/docs/doc-params.js';

const FOLDERS_PER_APP = 10;

const p = (name: string, type = 'string', children: ParamInput[] = []): ParamInput => ({
  name,
  type,
  required: 1,
  maxLength: '64',
  example: `${name}-example`,
  description: `The ${name} of the thing`,
  enumId: 0,
  orderIndex: 0,
  children,
});

/** 20 parameters: 2 headers, 3 query, 10 body (one object with 3 children), 5 response (one object with 4). */
function paramSets(docId: number): ParamSet[] {
  return [
    { ownerId: docId, style: ParamStyle.HEADER, params: [p('X-Token'), p('X-Tenant')] },
    { ownerId: docId, style: ParamStyle.QUERY, params: [p('page', 'number'), p('size', 'number'), p('sort')] },
    {
      ownerId: docId,
      style: ParamStyle.REQUEST,
      params: [
        p('name'),
        p('email'),
        p('age', 'number'),
        p('active', 'boolean'),
        p('note'),
        p('tag'),
        p('address', 'object', [p('city'), p('street'), p('zip')]),
      ],
    },
    {
      ownerId: docId,
      style: ParamStyle.RESPONSE,
      params: [p('data', 'object', [p('id', 'number'), p('name'), p('createdAt'), p('status')])],
    },
  ];
}

export interface SeededSpace {
  spaceId: string;
  docIds: string[];
  seconds: number;
}

/** Creates the admin (with `password`), a space, a project and `apps` applications of `docsPerApp` docs. */
export async function seedSpace(databaseUrl: string, password: string, apps: number, docsPerApp: number): Promise<SeededSpace> {
  const t0 = Date.now();
  const config = loadConfig({ DATABASE_URL: databaseUrl, FOLIO_ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
  const app = await buildApp({ config, database, logger: false, workers: false });
  await app.ready();
  const inject = async (url: string, payload: Record<string, unknown>, token?: string) => {
    const r = await app.inject({ method: 'POST', url, payload, headers: token ? { token } : {} });
    const b = r.json();
    if (b.code !== '0') throw new Error(`${url}: ${r.body}`);
    return b.data;
  };
  const { token } = await inject('/api/user/login', { username: 'admin', password });
  const space = await inject('/api/space/add', { name: 'Bench space', isCompose: 0 }, token);
  const project = await inject('/api/project/add', { spaceId: space.id, name: 'Bench project', isPrivate: 0 }, token);
  const { ids, dialect, db } = app.ctx;
  const docIds: number[] = [];
  for (let m = 0; m < apps; m++) {
    const mod = await inject('/api/module/add', { projectId: project.id, name: `Application ${m + 1}` }, token);
    const moduleId = ids.decode(mod.id);
    const now = Date.now();
    const base = { moduleId, creatorId: 1, creatorName: 'admin', modifierId: 1, modifierName: 'admin', createdAt: now, updatedAt: now };
    await db.transaction().execute(async (tx) => {
      const folders = Array.from({ length: FOLDERS_PER_APP }, (_, f) => {
        const key = folderKey(moduleId, 0, `Folder ${f + 1}`);
        return {
          ...base,
          parentId: 0,
          name: `Folder ${f + 1}`,
          isFolder: 1,
          docKey: key,
          dataId: dataId(key, ''),
          orderIndex: (f + 1) * 10,
        };
      });
      const folderIds = await insertManyReturningIds(tx, dialect, 'docs', folders);
      const docs = Array.from({ length: docsPerApp }, (_, d) => {
        const url = `/app${m + 1}/resource${d + 1}/{id}`;
        const method = ['GET', 'POST', 'PUT', 'DELETE'][d % 4];
        const key = docKey(moduleId, 0, `Operation ${d + 1}`, url, method);
        return {
          ...base,
          parentId: folderIds[d % FOLDERS_PER_APP],
          name: `Operation ${d + 1}`,
          url,
          httpMethod: method,
          contentType: 'application/json',
          description: 'Does one thing to one resource.',
          docKey: key,
          dataId: dataId(key, ''),
          orderIndex: (d + 1) * 10,
        };
      });
      const newIds = await insertManyReturningIds(tx, dialect, 'docs', docs);
      await insertParams(tx, ParamOwner.DOC, newIds.flatMap(paramSets));
      docIds.push(...newIds);
    });
  }
  await app.close();
  await database.destroy();
  return { spaceId: space.id, docIds: docIds.map((d) => ids.encode(d)), seconds: (Date.now() - t0) / 1000 };
}

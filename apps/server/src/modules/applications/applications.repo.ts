/** Kysely queries of applications (modules), their settings and environments; every function takes the connection or transaction. */
import type { Selectable } from 'kysely';
import type { Dialect } from '../../config.js';
import { type Conn, insertId, type Tx } from '../../db/database.js';
import type { ModuleEnvironmentsTable } from '../../db/types.js';

const MODULE_COLS = ['id', 'projectId', 'name', 'type', 'orderIndex', 'creatorName', 'modifierName', 'createdAt', 'updatedAt'] as const;

/** The live applications of a project, in their order. */
export function listModules(conn: Conn, projectId: number) {
  return conn
    .selectFrom('modules')
    .select(MODULE_COLS)
    .where('projectId', '=', projectId)
    .where('isDeleted', '=', 0)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
}

/** An application by id (the caller has found it live). */
export function getModule(conn: Conn, id: number) {
  return conn.selectFrom('modules').select(MODULE_COLS).where('id', '=', id).executeTakeFirstOrThrow();
}

export type ModuleRow = Awaited<ReturnType<typeof getModule>>;

/** An application's push token. */
export async function getModuleToken(conn: Conn, id: number): Promise<string> {
  return (await conn.selectFrom('modules').select(['token']).where('id', '=', id).executeTakeFirstOrThrow()).token;
}

/** The largest order index of a project's live applications (0 when none). */
export async function maxModuleOrder(conn: Conn, projectId: number): Promise<number> {
  const max = await conn
    .selectFrom('modules')
    .select((eb) => eb.fn.max('orderIndex').as('m'))
    .where('projectId', '=', projectId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return Number(max?.m ?? 0);
}

/** Inserts an application; returns its id. */
export function insertModule(
  tx: Tx,
  dialect: Dialect,
  row: {
    projectId: number;
    name: string;
    type: number;
    token: string;
    orderIndex: number;
    creatorId: number;
    creatorName: string;
    modifierId: number;
    modifierName: string;
    createdAt: number;
    updatedAt: number;
  },
): Promise<number> {
  return insertId(tx, dialect, 'modules', row);
}

/** Writes some columns of an application. */
export async function updateModule(
  conn: Conn,
  id: number,
  set: { name?: string; orderIndex?: number; token?: string; modifierId?: number; modifierName?: string; updatedAt: number },
): Promise<void> {
  await conn.updateTable('modules').set(set).where('id', '=', id).execute();
}

/** An application's COMMON k/v settings (module_configs type 0). */
export async function readModuleSettings(conn: Pick<Tx, 'selectFrom'>, moduleId: number): Promise<Map<string, string>> {
  const rows = await conn
    .selectFrom('moduleConfigs')
    .select(['configKey', 'configValue'])
    .where('moduleId', '=', moduleId)
    .where('type', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.configKey, r.configValue]));
}

/** Replaces some COMMON settings of an application (delete those keys, insert the new values). */
export async function writeModuleSettings(tx: Tx, moduleId: number, values: [string, string][], now: number): Promise<void> {
  if (!values.length) return;
  await tx
    .deleteFrom('moduleConfigs')
    .where('moduleId', '=', moduleId)
    .where('type', '=', 0)
    .where(
      'configKey',
      'in',
      values.map((v) => v[0]),
    )
    .execute();
  await tx
    .insertInto('moduleConfigs')
    .values(values.map(([configKey, configValue]) => ({ moduleId, type: 0, configKey, configValue, createdAt: now, updatedAt: now })))
    .execute();
}

/** An application's Swagger import settings, if set once. */
export function findSwaggerConfig(conn: Conn, moduleId: number) {
  return conn
    .selectFrom('moduleSwaggerConfigs')
    .select(['id', 'url', 'format', 'authUsername', 'authPasswordEnc'])
    .where('moduleId', '=', moduleId)
    .executeTakeFirst();
}

/** Columns of the Swagger import settings a save may write. */
export interface SwaggerConfigWrite {
  url?: string;
  format?: string;
  authUsername?: string;
  authPasswordEnc?: string;
  updatedAt: number;
}

/** Writes an application's Swagger import settings (update, or first insert). */
export async function writeSwaggerConfig(tx: Tx, moduleId: number, patch: SwaggerConfigWrite, now: number): Promise<void> {
  const cur = await findSwaggerConfig(tx, moduleId);
  if (cur) await tx.updateTable('moduleSwaggerConfigs').set(patch).where('id', '=', cur.id).execute();
  else
    await tx
      .insertInto('moduleSwaggerConfigs')
      .values({ moduleId, createdAt: now, ...patch } as never)
      .execute();
}

/** The ids of an application's live dictionaries. */
export async function moduleEnumIds(conn: Conn, moduleId: number): Promise<Set<number>> {
  const rows = await conn.selectFrom('enumInfos').select('id').where('moduleId', '=', moduleId).where('isDeleted', '=', 0).execute();
  return new Set(rows.map((r) => r.id));
}

/** The live docs of an application that wrap their response in the common one. */
export async function docsUsingCommonReturns(conn: Conn, moduleId: number): Promise<number[]> {
  const rows = await conn
    .selectFrom('docs')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('isFolder', '=', 0)
    .where('isDeleted', '=', 0)
    .where('isUseGlobalReturns', '=', 1)
    .execute();
  return rows.map((d) => d.id);
}

// ---- environments ----

export type EnvironmentRow = Selectable<ModuleEnvironmentsTable>;

/** The environments of an application, in their order. */
export function listEnvironments(conn: Conn, moduleId: number): Promise<EnvironmentRow[]> {
  return conn.selectFrom('moduleEnvironments').selectAll().where('moduleId', '=', moduleId).orderBy('orderIndex').orderBy('id').execute();
}

/** The application of an environment. */
export async function moduleOfEnvironment(conn: Conn, envId: number): Promise<number | undefined> {
  return (await conn.selectFrom('moduleEnvironments').select(['moduleId']).where('id', '=', envId).executeTakeFirst())?.moduleId;
}

/** Another environment of the application with this name. */
export function findEnvironmentByName(conn: Conn, moduleId: number, name: string, exceptId: number) {
  return conn
    .selectFrom('moduleEnvironments')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

/** The largest order index of an application's environments (0 when none). */
export async function maxEnvironmentOrder(conn: Conn, moduleId: number): Promise<number> {
  const max = await conn
    .selectFrom('moduleEnvironments')
    .select((eb) => eb.fn.max('orderIndex').as('m'))
    .where('moduleId', '=', moduleId)
    .executeTakeFirst();
  return Number(max?.m ?? 0);
}

/** Inserts an environment; returns its id. */
export function insertEnvironment(
  tx: Tx,
  dialect: Dialect,
  row: { moduleId: number; name: string; url: string; isPublic: number; orderIndex: number; createdAt: number; updatedAt: number },
): Promise<number> {
  return insertId(tx, dialect, 'moduleEnvironments', row);
}

/** Writes some columns of an environment. */
export async function updateEnvironment(
  tx: Tx,
  id: number,
  set: { name: string; url: string; isPublic?: number; orderIndex?: number; updatedAt: number },
): Promise<void> {
  await tx.updateTable('moduleEnvironments').set(set).where('id', '=', id).execute();
}

/** Deletes an environment and the shares' links to it (its params are deleted by the caller). */
export async function deleteEnvironment(tx: Tx, id: number): Promise<void> {
  await tx.deleteFrom('shareEnvironments').where('environmentId', '=', id).execute();
  await tx.deleteFrom('moduleEnvironments').where('id', '=', id).execute();
}

/** Kysely queries of the debug feature (scripts, props, environments); every function takes the connection or transaction. */
import { DebugScriptScope, PropType } from '@folio/shared';
import type { Selectable } from 'kysely';
import type { Dialect } from '../../config.js';
import { type Conn, insertId } from '../../db/database.js';
import type { DebugScriptsTable } from '../../db/types.js';

export type ScriptRow = Selectable<DebugScriptsTable>;

/** Scripts of a doc's three scopes, doc first (one query). */
export function scriptsFor(conn: Conn, docId: number, moduleId: number, projectId: number, enabledOnly: boolean): Promise<ScriptRow[]> {
  let q = conn
    .selectFrom('debugScripts')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', DebugScriptScope.DOC), eb('refId', '=', docId)]),
        eb.and([eb('scope', '=', DebugScriptScope.MODULE), eb('refId', '=', moduleId)]),
        eb.and([eb('scope', '=', DebugScriptScope.PROJECT), eb('refId', '=', projectId)]),
      ]),
    );
  if (enabledOnly) q = q.where('enabled', '=', 1);
  return q.orderBy('scope').orderBy('id').execute();
}

/** Where a script belongs: its scope and the doc, application or project of it. */
export function scriptRef(conn: Conn, id: number) {
  return conn.selectFrom('debugScripts').select(['scope', 'refId']).where('id', '=', id).executeTakeFirst();
}

/** Columns a script save writes. */
export interface ScriptWrite {
  name: string;
  description: string;
  content: string;
  type: number;
  scope: number;
  refId: number;
  enabled: number;
  updatedAt: number;
}

/** Inserts a script; returns its id. */
export function insertScript(
  conn: Conn,
  dialect: Dialect,
  values: ScriptWrite & { creatorName: string; createdAt: number },
): Promise<number> {
  return insertId(conn, dialect, 'debugScripts', { ...values });
}

/** Writes some columns of a script. */
export async function updateScript(conn: Conn, id: number, set: Partial<ScriptWrite> & { updatedAt: number }): Promise<void> {
  await conn.updateTable('debugScripts').set(set).where('id', '=', id).execute();
}

/** Deletes a script. */
export async function deleteScript(conn: Conn, id: number): Promise<void> {
  await conn.deleteFrom('debugScripts').where('id', '=', id).execute();
}

/** An application's debug props (types 10 debug values and 11 proxy switch). */
export function debugProps(conn: Conn, moduleId: number) {
  return conn
    .selectFrom('props')
    .select(['type', 'name', 'val'])
    .where('refId', '=', moduleId)
    .where('type', 'in', [PropType.DEBUG, PropType.DEBUG_PROXY])
    .execute();
}

/** Sets an application's prop (update, or insert when it has none of that type and name). */
export async function setProp(conn: Conn, moduleId: number, e: { type: number; name: string; val: string }): Promise<void> {
  const r = await conn
    .updateTable('props')
    .set({ val: e.val })
    .where('refId', '=', moduleId)
    .where('type', '=', e.type)
    .where('name', '=', e.name)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0)
    await conn
      .insertInto('props')
      .values({ refId: moduleId, ...e })
      .execute();
}

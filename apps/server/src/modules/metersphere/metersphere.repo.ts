/** Queries of the MeterSphere integration: a space's account, an application's target, its delivery log. */
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { MsModuleConfigsTable, MsSpaceConfigsTable } from '../../db/types.js';

/** A space's stored account (the secret key encrypted). */
export type MsSpaceConfigRow = Selectable<MsSpaceConfigsTable>;
/** An application's stored target. */
export type MsModuleConfigRow = Selectable<MsModuleConfigsTable>;

/** The account of a space, if it has one. */
export function findSpaceConfig(conn: Conn, spaceId: number): Promise<MsSpaceConfigRow | undefined> {
  return conn.selectFrom('msSpaceConfigs').selectAll().where('spaceId', '=', spaceId).executeTakeFirst();
}

/** The columns an account save writes (the secret only when a new one is given). */
export type SpaceConfigValues = Pick<MsSpaceConfigRow, 'msAddress' | 'msAccessKey' | 'msSpaceId' | 'msSpaceName' | 'updatedAt'> & {
  msSecretKeyEnc?: string;
};

/** Writes a space's account: its row is updated, or created when it has none. */
export async function saveSpaceConfig(conn: Conn, spaceId: number, values: SpaceConfigValues): Promise<void> {
  const r = await conn.updateTable('msSpaceConfigs').set(values).where('spaceId', '=', spaceId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    await conn
      .insertInto('msSpaceConfigs')
      .values({ spaceId, msSecretKeyEnc: '', ...values })
      .execute();
  }
}

/** The target of an application, if it has one. */
export function findModuleConfig(conn: Conn, moduleId: number): Promise<MsModuleConfigRow | undefined> {
  return conn.selectFrom('msModuleConfigs').selectAll().where('moduleId', '=', moduleId).executeTakeFirst();
}

/** The columns a target save writes. */
export type ModuleConfigValues = Pick<MsModuleConfigRow, 'msProjectId' | 'msModuleId' | 'msCoverModule' | 'name' | 'updatedAt'>;

/** Writes an application's target: its row is updated, or created when it has none. */
export async function saveModuleConfig(conn: Conn, moduleId: number, values: ModuleConfigValues): Promise<void> {
  const r = await conn.updateTable('msModuleConfigs').set(values).where('moduleId', '=', moduleId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    await conn
      .insertInto('msModuleConfigs')
      .values({ moduleId, ...values })
      .execute();
  }
}

/** Removes an application's target. */
export async function deleteModuleConfig(conn: Conn, moduleId: number): Promise<void> {
  await conn.deleteFrom('msModuleConfigs').where('moduleId', '=', moduleId).execute();
}

/** The last 50 deliveries of an application to MeterSphere, newest first. */
export function deliveriesOf(conn: Conn, moduleId: number, kind: string) {
  return conn
    .selectFrom('webhookDeliveries')
    .select(['id', 'event', 'state', 'responseStatus', 'lastError', 'body', 'createdAt'])
    .where('moduleId', '=', moduleId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** Queries of the webhook routes: an application's webhooks and its delivery log. */
import type { Selectable } from 'kysely';
import type { Dialect } from '../../config.js';
import { type Conn, insertId } from '../../db/database.js';
import type { ModuleWebhooksTable } from '../../db/types.js';

/** A stored webhook. */
export type WebhookRow = Selectable<ModuleWebhooksTable>;

/** An application's webhooks in creation order. */
export function webhooksOf(conn: Conn, moduleId: number): Promise<WebhookRow[]> {
  return conn.selectFrom('moduleWebhooks').selectAll().where('moduleId', '=', moduleId).orderBy('id').execute();
}

/** One webhook. */
export function findWebhook(conn: Conn, id: number): Promise<WebhookRow | undefined> {
  return conn.selectFrom('moduleWebhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The columns a save writes. */
export type WebhookValues = Pick<WebhookRow, 'kind' | 'name' | 'urlEnc' | 'urlHint' | 'enabled' | 'updatedAt'> & { secretEnc?: string };

/** Updates a webhook. */
export async function updateWebhook(conn: Conn, id: number, values: WebhookValues): Promise<void> {
  await conn.updateTable('moduleWebhooks').set(values).where('id', '=', id).execute();
}

/** Inserts a webhook; returns its id. */
export function insertWebhook(
  conn: Conn,
  dialect: Dialect,
  row: WebhookValues & Pick<WebhookRow, 'moduleId' | 'creatorId' | 'createdAt' | 'secretEnc'>,
): Promise<number> {
  return insertId(conn, dialect, 'moduleWebhooks', row);
}

/** Deletes a webhook. */
export async function deleteWebhook(conn: Conn, id: number): Promise<void> {
  await conn.deleteFrom('moduleWebhooks').where('id', '=', id).execute();
}

/** An application's name and its project's, for a test notice. */
export function moduleNames(conn: Conn, moduleId: number) {
  return conn
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['m.name', 'm.projectId', 'p.name as projectName'])
    .where('m.id', '=', moduleId)
    .executeTakeFirstOrThrow();
}

/** One delivery's application, state and kind. */
export function findDelivery(conn: Conn, id: number) {
  return conn.selectFrom('webhookDeliveries').select(['id', 'moduleId', 'state', 'kind']).where('id', '=', id).executeTakeFirst();
}

/** Makes a failed delivery due again now. */
export async function requeueDelivery(conn: Conn, id: number): Promise<void> {
  await conn
    .updateTable('webhookDeliveries')
    .set({ state: 'retry', attempts: 0, nextAttemptAt: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** A page of an application's deliveries, newest first, with their webhook's name and target; and the count. */
export async function deliveryPage(conn: Conn, moduleId: number, page: number, size: number) {
  const total = await conn
    .selectFrom('webhookDeliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('moduleId', '=', moduleId)
    .executeTakeFirst();
  const rows = await conn
    .selectFrom('webhookDeliveries as d')
    .leftJoin('moduleWebhooks as h', 'h.id', 'd.webhookId')
    .select([
      'd.id',
      'd.kind',
      'd.event',
      'd.body',
      'd.state',
      'd.attempts',
      'd.nextAttemptAt',
      'd.responseStatus',
      'd.lastError',
      'd.createdAt',
      'd.updatedAt',
      'h.name',
      'h.urlHint',
    ])
    .where('d.moduleId', '=', moduleId)
    .orderBy('d.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { total: Number(total?.n ?? 0), rows };
}

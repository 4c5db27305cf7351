/** In-site messages: the one multi-row insert other features (notices, pushes) use to notify users. */
import { insertMany, type Tx } from '../../db/database.js';

/** Max stored length of a message text. */
export const MESSAGE_MAX = 1000;

/** Sends one message to many users in one multi-row insert (inside the caller's transaction). */
export async function sendMessages(tx: Tx, userIds: number[], msg: { message: string; type: number; sourceId: number }): Promise<void> {
  const unique = [...new Set(userIds.filter((x) => x > 0))];
  if (!unique.length) return;
  const now = Date.now();
  const message = msg.message.slice(0, MESSAGE_MAX);
  await insertMany(
    tx,
    'messages',
    unique.map((userId) => ({ userId, message, type: msg.type, sourceId: msg.sourceId, isRead: 0, createdAt: now })),
    500,
  );
}

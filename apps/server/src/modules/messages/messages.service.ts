/** In-site messages: the one multi-row insert other features (notices, pushes) use to notify users. */
import { insertMany, type Tx } from '../../db/database.js';
import { parseParams, renderText, type StoredText } from '../../i18n/stored-text.js';

/** Max stored length of a message text. */
export const MESSAGE_MAX = 1000;

/**
 * Sends one message to many users in one multi-row insert (inside the caller's transaction). A message is a
 * key with params, written in each reader's language when listed; `message` keeps it in `lang` (the server's
 * default language) for readers of the table itself. A plain string is stored as it is.
 */
export async function sendMessages(
  tx: Tx,
  userIds: number[],
  msg: { message: StoredText | string; type: number; sourceId: number },
  lang = 'zh-CN',
): Promise<void> {
  const unique = [...new Set(userIds.filter((x) => x > 0))];
  if (!unique.length) return;
  const now = Date.now();
  const keyed = typeof msg.message === 'string' ? null : msg.message;
  const message = renderText(lang, msg.message).slice(0, MESSAGE_MAX);
  const messageKey = keyed ? keyed.key : null;
  const messageParams = keyed?.params ? JSON.stringify(keyed.params) : null;
  await insertMany(
    tx,
    'messages',
    unique.map((userId) => ({
      userId,
      message,
      messageKey,
      messageParams,
      type: msg.type,
      sourceId: msg.sourceId,
      isRead: 0,
      createdAt: now,
    })),
    500,
  );
}

/** A listed message's text in the reader's language (rows without a key: their stored text). */
export function messageText(lang: string, row: { message: string; messageKey: string | null; messageParams: string | null }): string {
  if (!row.messageKey) return row.message;
  return renderText(lang, { key: row.messageKey, params: parseParams(row.messageParams) ?? {} }).slice(0, MESSAGE_MAX);
}

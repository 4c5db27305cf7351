/**
 * Follow notices: a doc change by someone else messages the doc's followers and its project's followers
 * (never the author of the change), each read in the reader's language. A push or import batch sends one digest
 * per reader, not one message per doc. The same batch is handed to the application's chat webhooks.
 */
import { MessageType, SubscribeType } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/database.js';
import { type StoredText, type TextParam, text } from '../../i18n/stored-text.js';
import type { DocChange } from '../doc-events.js';
import { sendMessages } from '../messages/messages.service.js';
import { type DocNotice, queueDocNotice } from '../webhooks/webhook-queue.js';

const CHUNK = 500;

/** Lists up to n names, then "and k more" (written in the reader's language when read). */
export function nameList(names: string[], n = 5): TextParam {
  const shown = names
    .slice(0, n)
    .map((x) => `【${x}】`)
    .join('');
  const rest = names.length - n;
  return rest > 0 ? [shown, ' ', text('push.msg.more', { n: rest })] : shown;
}

/** Builds the notices of a batch: one per batch id (digest) and one per single change. */
export async function sendDocNotices(app: FastifyInstance, tx: Tx, changes: DocChange[]): Promise<void> {
  if (!changes.length) return;
  const moduleIds = [...new Set(changes.map((c) => c.moduleId))];
  const mods = await tx
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['m.id', 'm.name', 'm.projectId', 'p.name as projectName'])
    .where('m.id', 'in', moduleIds)
    .execute();
  const modOf = new Map(mods.map((m) => [m.id, m]));
  // Nobody follows a doc this write created.
  const docIds = [...new Set(changes.filter((c) => !c.created).map((c) => c.docId))];
  const followers = new Map<string, number[]>(); // 'd:id' / 'p:id' → user ids
  const add = (k: string, u: number) => followers.set(k, [...(followers.get(k) ?? []), u]);
  for (let i = 0; i < docIds.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('subscriptions')
      .select(['userId', 'sourceId'])
      .where('type', '=', SubscribeType.DOC)
      .where('sourceId', 'in', docIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) add(`d:${r.sourceId}`, r.userId);
  }
  const projectIds = [...new Set(mods.map((m) => m.projectId))];
  if (projectIds.length) {
    const rows = await tx
      .selectFrom('subscriptions')
      .select(['userId', 'sourceId'])
      .where('type', '=', SubscribeType.PROJECT)
      .where('sourceId', 'in', projectIds)
      .execute();
    for (const r of rows) add(`p:${r.sourceId}`, r.userId);
  }
  // Disabled accounts get no messages.
  const allUsers = [...new Set([...followers.values()].flat())];
  const enabled = new Set<number>();
  if (allUsers.length) {
    const rows = await tx.selectFrom('users').select(['id', 'status']).where('id', 'in', allUsers).execute();
    for (const r of rows) if (r.status !== 0) enabled.add(r.id);
  }
  const fallback = app.ctx.settings.get('folio.default-lang') || 'zh-CN';
  const docName = (c: DocChange) => (c.after ?? c.before)?.name ?? '';

  // Group: a batch (push/import) → digest; changes without a batch → one notice each.
  const groups = new Map<string, DocChange[]>();
  changes.forEach((c, i) => {
    const k = c.batchId ? `b:${c.batchId}:${c.moduleId}` : `s:${i}`;
    const group = groups.get(k);
    if (group) group.push(c);
    else groups.set(k, [c]);
  });
  for (const [key, list] of groups) {
    const first = list[0];
    const mod = modOf.get(first.moduleId);
    if (!mod) continue;
    const digest = key.startsWith('b:');
    // Readers: followers of any changed doc, plus the project's followers; never the author.
    // (A set per reader: a push of 20,000 docs to a project's follower is 20,000 changes for one reader.)
    const perUser = new Map<number, Set<DocChange>>();
    const give = (u: number, c: DocChange) => {
      const l = perUser.get(u);
      if (l) l.add(c);
      else perUser.set(u, new Set([c]));
    };
    for (const c of list) {
      if (!digest && c.kind === 'add') {
        for (const u of followers.get(`p:${mod.projectId}`) ?? []) give(u, c);
        continue;
      }
      for (const u of [...(followers.get(`d:${c.docId}`) ?? []), ...(followers.get(`p:${mod.projectId}`) ?? [])]) give(u, c);
    }
    perUser.delete(first.userId);
    // Group readers by message (a key and params, the same in every language): one multi-row insert each.
    const byText = new Map<string, { users: number[]; type: number; sourceId: number; message: StoredText }>();
    for (const [u, given] of perUser) {
      if (!enabled.has(u)) continue;
      const mine = [...given];
      let message: StoredText;
      let type: number = MessageType.DOC;
      let sourceId = mine[0].docId;
      if (digest) {
        const counts = { added: 0, updated: 0, deleted: 0 };
        for (const c of mine) counts[c.kind === 'add' ? 'added' : c.kind === 'update' ? 'updated' : 'deleted']++;
        message = text('push.msg.digest', {
          modifier: first.nickname,
          project: mod.projectName,
          app: mod.name,
          summary: text('push.msg.summary', counts),
          docs: nameList(mine.map(docName)),
        });
        type = MessageType.PUSH;
        sourceId = mod.id;
      } else {
        const c = mine[0];
        const k =
          c.kind === 'delete'
            ? 'push.msg.docDelete'
            : c.kind === 'add'
              ? 'push.msg.docAdd'
              : c.remark
                ? 'push.msg.docUpdateRemark'
                : 'push.msg.docUpdate';
        message = text(k, { modifier: c.nickname, doc: docName(c), remark: c.remark ?? '' });
      }
      const tk = `${type}:${sourceId}:${JSON.stringify(message)}`;
      const g = byText.get(tk) ?? { users: [], type, sourceId, message };
      g.users.push(u);
      byText.set(tk, g);
    }
    for (const g of byText.values()) await sendMessages(tx, g.users, { message: g.message, type: g.type, sourceId: g.sourceId }, fallback);

    // Chat webhooks: updates and deletions (and whole push digests) of the application.
    const notable = digest ? list : list.filter((c) => c.kind !== 'add');
    if (!notable.length) continue;
    const notice: DocNotice = {
      moduleId: mod.id,
      projectId: mod.projectId,
      projectName: mod.projectName,
      appName: mod.name,
      modifier: first.nickname,
      modifierId: first.userId,
      time: Date.now(),
      kind: digest ? 'push' : first.kind,
      docs: notable.map((c) => ({
        id: c.docId,
        name: docName(c),
        url: (c.after ?? c.before)?.url ?? '',
        httpMethod: (c.after ?? c.before)?.httpMethod ?? '',
        kind: c.kind,
      })),
      followerIds: [
        ...new Set(notable.flatMap((c) => [...(followers.get(`d:${c.docId}`) ?? []), ...(followers.get(`p:${mod.projectId}`) ?? [])])),
      ],
    };
    await queueDocNotice(app, tx, notice);
  }
}

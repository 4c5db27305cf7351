/** Subscriptions (following docs and projects) and in-site messages: request and response schemas. */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag01, IdString } from './common.js';

/** Body or query naming a doc to follow, unfollow or ask about. */
export const FollowDocInput = Type.Object({ docId: IdString });
/** Body or query naming a project to follow, unfollow or ask about. */
export const FollowProjectInput = Type.Object({ projectId: IdString });

/** A doc the caller follows, with where it lives. */
export const FollowedDocSchema = Type.Object({
  id: IdString,
  docId: IdString,
  name: Type.String(),
  url: Type.String(),
  httpMethod: Type.String(),
  docType: Type.Integer({ description: 'the doc type (0 HTTP, 1 Dubbo, ...)' }),
  moduleId: IdString,
  moduleName: Type.String(),
  projectId: IdString,
  projectName: Type.String(),
  gmtCreate: EpochMs,
});
export type FollowedDoc = Static<typeof FollowedDocSchema>;

/** An in-site message, its text in the reader's language. */
export const MessageSchema = Type.Object({
  id: IdString,
  message: Type.String(),
  type: Type.Integer({ description: 'what the message is about (see MessageType)' }),
  sourceId: Type.String({ description: 'the doc or project it is about' }),
  isRead: Flag01,
  gmtCreate: EpochMs,
});
export type InSiteMessage = Static<typeof MessageSchema>;
/** A page of messages and how many there are in all. */
export const MessagePageSchema = Type.Object({ total: Type.Integer(), list: Type.Array(MessageSchema) });
export type MessagePage = Static<typeof MessagePageSchema>;

/** Query of GET /api/user/message/page. */
export const MessagePageQuery = Type.Object({
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Union([Type.Literal(5), Type.Literal(10), Type.Literal(20), Type.Literal(50), Type.Literal(100)])),
  isRead: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: 'only read (1) or unread (0) messages' })),
});
export type MessagePageInput = Static<typeof MessagePageQuery>;

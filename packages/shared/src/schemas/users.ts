/** Accounts: login, the user's own profile and passwords, sign-up, and super-admin user management (/api/user/*, /api/admin/user/*). */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag01, IdString } from './common.js';

/** A project role. */
export const RoleCodeSchema = Type.Union([Type.Literal('guest'), Type.Literal('dev'), Type.Literal('admin')]);
/** A new password. */
export const NewPassword = Type.String({ minLength: 8, maxLength: 128 });

/** Body of POST /api/user/login. */
export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 128 }),
  password: Type.String({ minLength: 1, maxLength: 128, description: 'as Torna clients send it: md5 of the password' }),
  source: Type.Optional(Type.String({ maxLength: 16, description: "'' or absent: local account; 'ldap' or 'form'" })),
});
export type LoginInput = Static<typeof LoginBody>;
/** Answer of POST /api/user/login. */
export const LoginResultSchema = Type.Object({
  token: Type.String({ description: 'send as the token header' }),
  status: Type.Integer({ description: '1 enabled, 2 must set a password first' }),
});
export type LoginResult = Static<typeof LoginResultSchema>;

/** A user as the profile and the admin list show it. */
export const UserSchema = Type.Object({
  id: IdString,
  username: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
  isSuperAdmin: Flag01,
  status: Type.Integer({ description: '0 disabled, 1 enabled, 2 must set a password' }),
  source: Type.String({ description: 'register, backend, ldap, form, oauth…' }),
  gmtCreate: EpochMs,
  lang: Type.String(),
  dingtalkUserId: Type.String(),
  wecomMobile: Type.String(),
});
export type UserInfo = Static<typeof UserSchema>;

/** Body of POST /api/user/info/update (fields absent are kept). */
export const UserProfileBody = Type.Object({
  nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  email: Type.Optional(Type.String({ maxLength: 255 })),
  avatar: Type.Optional(Type.String({ maxLength: 512 })),
  lang: Type.Optional(Type.String({ maxLength: 16 })),
  dingtalkUserId: Type.Optional(Type.String({ maxLength: 128 })),
  wecomMobile: Type.Optional(Type.String({ maxLength: 32 })),
});
export type UserProfileInput = Static<typeof UserProfileBody>;

/** Answer of GET /api/user/perm/get: the caller's roles by scope key (space:{id} / project:{id}). */
export const UserPermsSchema = Type.Object({
  isSuperAdmin: Type.Boolean(),
  roleData: Type.Record(Type.String(), RoleCodeSchema),
});
export type UserPerms = Static<typeof UserPermsSchema>;

/** Body of POST /api/user/password/setFirst. */
export const FirstPasswordBody = Type.Object({ password: NewPassword });
export type FirstPasswordInput = Static<typeof FirstPasswordBody>;
/** Body of POST /api/user/password/update. */
export const PasswordChangeBody = Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 128 }), password: NewPassword });
export type PasswordChangeInput = Static<typeof PasswordChangeBody>;
/** Body of POST /api/user/reg. */
export const RegisterBody = Type.Object({
  username: Type.String({ minLength: 3, maxLength: 128, pattern: '^[A-Za-z0-9_.@-]+$' }),
  password: NewPassword,
  nickname: Type.Optional(Type.String({ maxLength: 128 })),
  email: Type.Optional(Type.String({ maxLength: 255 })),
});
export type RegisterInput = Static<typeof RegisterBody>;

/** Query of GET /api/user/search. */
export const UserSearchQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 128 })) });
/** A user as pickers show it. */
export const UserBriefSchema = Type.Object({ id: IdString, username: Type.String(), nickname: Type.String(), email: Type.String() });
export type UserBrief = Static<typeof UserBriefSchema>;

/** Answer of GET /api/user/password/resetAvailable. */
export const ResetAvailableSchema = Type.Object({ smtp: Type.Boolean({ description: 'reset links can be e-mailed' }) });
export type ResetAvailable = Static<typeof ResetAvailableSchema>;
/** Body of POST /api/user/password/forgot. */
export const ForgotPasswordBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 255, description: 'username or e-mail' }),
});
export type ForgotPasswordInput = Static<typeof ForgotPasswordBody>;
/** Body of POST /api/user/password/reset. */
export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 10, maxLength: 128, description: 'from the e-mailed link' }),
  password: NewPassword,
});
export type ResetPasswordInput = Static<typeof ResetPasswordBody>;

// ---- super admin ----

/** Body of POST /api/admin/user/add. */
export const AdminUserAddBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 128 }),
  nickname: Type.Optional(Type.String({ maxLength: 128 })),
  email: Type.Optional(Type.String({ maxLength: 255 })),
  isSuperAdmin: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type AdminUserAddInput = Static<typeof AdminUserAddBody>;
/** Answer of POST /api/admin/user/add: the one-time password. */
export const AdminUserCreatedSchema = Type.Object({
  id: IdString,
  password: Type.String({ description: 'shown once; must be changed at first login' }),
});
export type AdminUserCreated = Static<typeof AdminUserCreatedSchema>;
/** Query of GET /api/admin/user/page. */
export const AdminUserPageQuery = Type.Object({
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Union([Type.Literal(5), Type.Literal(10), Type.Literal(20), Type.Literal(50), Type.Literal(100)])),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  isSuperAdmin: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  keyword: Type.Optional(Type.String({ maxLength: 128 })),
});
export type AdminUserPageInput = Static<typeof AdminUserPageQuery>;
/** Answer of GET /api/admin/user/page. */
export const AdminUserPageSchema = Type.Object({
  list: Type.Array(UserSchema),
  total: Type.Integer(),
  pageIndex: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AdminUserPage = Static<typeof AdminUserPageSchema>;
/** Answer of POST /api/admin/user/resetPassword: the one-time password. */
export const OneTimePasswordSchema = Type.Object({ password: Type.String({ description: 'shown once; must be changed at next login' }) });
/** Body of POST /api/admin/user/update (fields absent are kept). */
export const AdminUserUpdateBody = Type.Object({
  id: IdString,
  nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  email: Type.Optional(Type.String({ maxLength: 255 })),
  isSuperAdmin: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type AdminUserUpdateInput = Static<typeof AdminUserUpdateBody>;
/** Body of POST /api/admin/user/allocateProject. */
export const AllocateProjectsBody = Type.Object({
  userId: IdString,
  projectIds: Type.Array(IdString, { minItems: 1, maxItems: 500 }),
  roleCode: RoleCodeSchema,
});
export type AllocateProjectsInput = Static<typeof AllocateProjectsBody>;

/**
 * The role → action matrix, shared by server and web so they cannot drift.
 * Each action names the scope whose role decides it and the roles allowed.
 * Super admins pass every check.
 */
import type { RoleCode } from './constants.js';

export type Scope = 'space' | 'project' | 'system';

interface Rule {
  scope: Scope;
  roles: readonly RoleCode[];
}

const ALL: readonly RoleCode[] = ['guest', 'dev', 'admin'];
const WRITERS: readonly RoleCode[] = ['dev', 'admin'];
const ADMINS: readonly RoleCode[] = ['admin'];

/** Every action of the product and who may do it. */
export const ACTIONS = {
  'space.read': { scope: 'space', roles: ALL },
  'space.update': { scope: 'space', roles: ADMINS },
  'space.delete': { scope: 'space', roles: ADMINS },
  'space.manageMembers': { scope: 'space', roles: ADMINS },
  'space.manageSettings': { scope: 'space', roles: ADMINS },
  'space.manageOpenUsers': { scope: 'space', roles: ADMINS },
  'project.create': { scope: 'space', roles: WRITERS },
  'compose.read': { scope: 'space', roles: ALL },
  'compose.manage': { scope: 'space', roles: WRITERS },
  'project.read': { scope: 'project', roles: ALL },
  'project.update': { scope: 'project', roles: ADMINS },
  'project.delete': { scope: 'project', roles: ADMINS },
  'project.manageMembers': { scope: 'project', roles: ADMINS },
  'project.readCode': { scope: 'project', roles: WRITERS },
  'constant.update': { scope: 'project', roles: WRITERS },
  'module.create': { scope: 'project', roles: WRITERS },
  'module.update': { scope: 'project', roles: WRITERS },
  'module.delete': { scope: 'project', roles: ADMINS },
  'module.manageToken': { scope: 'project', roles: ADMINS },
  'module.manageWebhooks': { scope: 'project', roles: ADMINS },
  'module.import': { scope: 'project', roles: WRITERS },
  'module.export': { scope: 'project', roles: ALL },
  'doc.read': { scope: 'project', roles: ALL },
  'doc.create': { scope: 'project', roles: WRITERS },
  'doc.update': { scope: 'project', roles: WRITERS },
  'doc.delete': { scope: 'project', roles: WRITERS },
  'doc.lock': { scope: 'project', roles: WRITERS },
  'doc.debug': { scope: 'project', roles: ALL },
  'doc.mock': { scope: 'project', roles: WRITERS },
  'doc.restore': { scope: 'project', roles: WRITERS },
  'share.manage': { scope: 'project', roles: WRITERS },
  'dictionary.update': { scope: 'project', roles: WRITERS },
  'environment.update': { scope: 'project', roles: WRITERS },
  'script.update': { scope: 'project', roles: WRITERS },
  'system.admin': { scope: 'system', roles: [] },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof ACTIONS;

/** Roles of a user: super admin flag and role per scope key ('space:{id}' / 'project:{id}'). */
export interface Perms {
  isSuperAdmin: boolean;
  roleData: Record<string, RoleCode>;
}

/** Scope key of a space or project, as the API and the web app use it. */
export function scopeKey(scope: 'space' | 'project', id: string | number): string {
  return `${scope}:${id}`;
}

/** True when a role code may do the action. */
export function roleAllows(action: Action, role: RoleCode | null | undefined): boolean {
  if (!role) return false;
  return (ACTIONS[action].roles as readonly RoleCode[]).includes(role);
}

/** True when perms allow the action on the given scope id (space or project id as the API shows it). */
export function can(perms: Perms | null | undefined, action: Action, scopeId?: string | number): boolean {
  if (!perms) return false;
  if (perms.isSuperAdmin) return true;
  const rule = ACTIONS[action];
  if (rule.scope === 'system' || scopeId === undefined) return false;
  return roleAllows(action, perms.roleData[scopeKey(rule.scope, scopeId)]);
}

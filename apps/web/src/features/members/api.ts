/**
 * Calls of the members panel: members of a space or project with their roles, and the user search of its
 * picker, typed by the contracts in packages/shared/src/schemas/spaces.ts, projects.ts and users.ts. Every
 * change refreshes the member list and the caller's permissions (a role of the caller may have changed).
 * Mutations are silent: their callers (the add form, the role select, confirmAction) show the error.
 */
import type { Member, RoleCode, UserBrief } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { Member } from '@folio/shared';

/** What the members belong to: a space or a project, and its id. */
export interface MemberScope {
  kind: 'space' | 'project';
  scopeId: string;
}

const membersKey = ({ kind, scopeId }: MemberScope) => ['members', kind, scopeId];
/** The scope as the request names it: `{ spaceId }` or `{ projectId }`. */
const scopeParam = ({ kind, scopeId }: MemberScope) => (kind === 'space' ? { spaceId: scopeId } : { projectId: scopeId });

/** Users matching a search text, for pickers. */
export const useUserSearchQuery = (q: string) =>
  useQuery({ queryKey: ['userSearch', q], queryFn: () => api.get<UserBrief[]>('user/search', { q }), staleTime: 10_000 });

/** Members of a space or project. */
export const useMembersQuery = (scope: MemberScope) =>
  useQuery({
    queryKey: membersKey(scope),
    queryFn: () => api.get<Member[]>(scope.kind === 'space' ? 'space/member/all' : 'project/member/list', scopeParam(scope)),
  });

/** One mutation of the members of a scope; refreshes the list and the caller's permissions. */
const useMemberMutation = <V>(scope: MemberScope, send: (v: V) => Promise<unknown>) =>
  useMutation({
    mutationFn: send,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: membersKey(scope) });
      queryClient.invalidateQueries({ queryKey: ['perms'] });
    },
    meta: { silent: true },
  });

/** Adds users with one role. */
export const useAddMembersMutation = (scope: MemberScope) =>
  useMemberMutation(scope, (v: { userIds: string[]; roleCode: RoleCode }) =>
    api.post<null>(`${scope.kind}/member/add`, { ...scopeParam(scope), ...v }),
  );

/** Changes a member's role. */
export const useUpdateMemberMutation = (scope: MemberScope) =>
  useMemberMutation(scope, (v: { userId: string; roleCode: RoleCode }) =>
    api.post<null>(`${scope.kind}/member/update`, { ...scopeParam(scope), ...v }),
  );

/** Removes a member. */
export const useRemoveMemberMutation = (scope: MemberScope) =>
  useMemberMutation(scope, (userId: string) => api.post<null>(`${scope.kind}/member/remove`, { ...scopeParam(scope), userId }));

/**
 * A signed-in reading page's doc with what the page shows around it: its application's common headers/params/
 * returns/error codes and debug environments (GET /api/doc/detail?with=app), so the page needs one round trip.
 * A fixed number of statements: the common params' rows and enums, the environments, their params and enums.
 */
import { type DocAuth, type DocDetail, type EnvironmentInfo, ParamOwner, type RoleCode, roleAllows } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { ENVIRONMENT_READ, listEnvironments } from '../applications/environments.service.js';
import { loadCommonParams, type ViewDoc } from '../shares/view-doc.js';

/** The doc detail, with its application when asked (`with=app`). */
export type DocRead = DocDetail & { security: DocAuth | null } & Partial<Omit<ViewDoc, keyof DocDetail>> & {
    environments?: EnvironmentInfo[];
  };

/**
 * Adds the application's common params and environments to a doc read with `role` on its project. The environments
 * are checked as module/environment/list checks them: a reader the route would refuse gets none here either.
 */
export async function withApplication(
  ctx: Pick<AppContext, 'db' | 'ids'>,
  doc: DocDetail & { security: DocAuth | null },
  moduleId: number,
  role: RoleCode,
): Promise<DocRead> {
  const [common, environments] = await Promise.all([
    loadCommonParams(ctx, ctx.db, ParamOwner.MODULE, moduleId),
    roleAllows(ENVIRONMENT_READ, role) ? listEnvironments(ctx, moduleId) : [],
  ]);
  return Object.assign(doc, common, { environments });
}

/** Routes of the reading experience (issue 3): /view, /share, /show. Placeholder until its owner fills it. */
import type { RouteObject } from 'react-router';

/** Preview layout routes (/view, /view/:docId); mounted inside the auth guard. */
export const viewRoutes: RouteObject[] = [];
/** Public routes (/share/:shareId[/:docId], /show/:showId[/:docId]); no token needed. */
export const publicViewRoutes: RouteObject[] = [];

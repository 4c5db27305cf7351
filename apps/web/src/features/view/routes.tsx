/**
 * Routes of the reading experience (issue 3). Each page is a lazy chunk: /view ships neither management
 * nor the editors. Preview routes are mounted inside the auth guard; share and show routes are public.
 */
import type { RouteObject } from 'react-router';

/** Preview layout routes (/view, /view/:docId); mounted inside the auth guard. */
export const viewRoutes: RouteObject[] = [
  { path: '/view/:docId?', lazy: async () => ({ Component: (await import('./preview-page')).PreviewPage }) },
];

/** Public routes (/share/:shareId[/:docId], /show/:showId[/:docId]); no token needed. */
export const publicViewRoutes: RouteObject[] = [
  { path: '/share/:shareId/:docId?', lazy: async () => ({ Component: (await import('../share/share-page')).SharePage }) },
  { path: '/show/:showId/:docId?', lazy: async () => ({ Component: (await import('../compose/show-page')).ShowPage }) },
];

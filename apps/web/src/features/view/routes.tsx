/**
 * Routes of the reading experience (issue 3). Each page is a lazy chunk: /view ships neither management
 * nor the editors. Preview routes are mounted inside the auth guard; share and show routes are public.
 */
import type { RouteObject } from 'react-router';
import { prefetchDeepLink } from './deep-link';

const loadPreview = () => import('./preview-page');
const loadShare = () => import('../share/share-page');
const loadShow = () => import('../compose/show-page');

// Deep links: fetch the page's code and its data (deep-link.ts) together, while the shell loads its texts.
if (typeof window !== 'undefined') {
  const p = window.location.pathname;
  if (p === '/view' || p.startsWith('/view/')) void loadPreview();
  else if (p.startsWith('/share/')) void loadShare();
  else if (p.startsWith('/show/')) void loadShow();
  prefetchDeepLink(p);
}

/** Preview layout routes (/view, /view/:docId); mounted inside the auth guard. */
export const viewRoutes: RouteObject[] = [{ path: '/view/:docId?', lazy: async () => ({ Component: (await loadPreview()).PreviewPage }) }];

/** Public routes (/share/:shareId[/:docId], /show/:showId[/:docId]); no token needed. */
export const publicViewRoutes: RouteObject[] = [
  { path: '/share/:shareId/:docId?', lazy: async () => ({ Component: (await loadShare()).SharePage }) },
  { path: '/show/:showId/:docId?', lazy: async () => ({ Component: (await loadShow()).ShowPage }) },
];

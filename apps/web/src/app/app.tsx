/** Root component: providers around the router; old Torna hash links are rewritten before routing. */
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { legacyRedirect } from '../lib/legacy-links';
import type { LoadedLanguage } from './i18n';
import { Providers } from './providers';
import { createRouter } from './router';

/** Rewrites `/#/view/{id}` style URLs to their clean paths (runs once, before the router reads the URL). */
export function rewriteLegacyHash(): void {
  const to = legacyRedirect(window.location);
  if (to) window.history.replaceState(null, '', to);
}

/** `language`: the first loadLanguage(), started by the entry before React renders. */
export function App({ language }: { language: Promise<LoadedLanguage> }) {
  const [router] = useState(createRouter);
  return (
    <Providers language={language}>
      <RouterProvider router={router} />
    </Providers>
  );
}

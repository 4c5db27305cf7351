/** Root component: providers around the router; old Torna hash links are rewritten before routing. */
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { legacyRedirect } from '../lib/legacy-links';
import { Providers } from './providers';
import { createRouter } from './router';

/** Rewrites `/#/view/{id}` style URLs to their clean paths (runs once, before the router reads the URL). */
function rewriteLegacyHash(): void {
  const to = legacyRedirect(window.location);
  if (to) window.history.replaceState(null, '', to);
}

export function App() {
  const [router] = useState(() => {
    rewriteLegacyHash();
    return createRouter();
  });
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

/** Route guards: no token → /login?redirect=…; a logged-in user opening /login goes to /. */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getToken } from '../lib/api';
import { loginUrl } from '../lib/session';

/** Renders child routes only with a token. */
export function RequireAuth() {
  const location = useLocation();
  if (!getToken()) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/** Sends a logged-in user away from the login page. */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (getToken()) return <Navigate to="/" replace />;
  return <>{children}</>;
}

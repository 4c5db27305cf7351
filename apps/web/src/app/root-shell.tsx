/**
 * The root route: carries out session codes (login / set password / Re-Login dialog) and hosts every page.
 * The Re-Login dialog (antd Form, Input, Modal) loads on the first expired session that needs it, so the
 * readers' routes do not ship it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { onReachability, onSessionCode, setToken } from '../lib/api';
import { queryClient } from '../lib/query';
import { sessionAction } from '../lib/session';
import { fetchHealth } from '../lib/system-api';
import { ui } from '../lib/ui';
import { hasUnsavedEdits, onEditsStart } from '../lib/unsaved';
import { i18n } from './i18n';

const loadDialog = () => import('./relogin-dialog');
const ReLoginDialog = lazy(async () => ({ default: (await loadDialog()).ReLoginDialog }));
/** Fetches the dialog's code as soon as a form holds edits, so it opens at once (and offline) when needed. */
const preloadDialog = () => void loadDialog().catch(() => {});

export function RootShell() {
  const navigate = useNavigate();
  const [relogin, setRelogin] = useState(false);
  // Mounted from the first 1000-with-edits on (kept mounted so the dialog can animate closed).
  const [reloginLoaded, setReloginLoaded] = useState(false);

  useEffect(
    () =>
      onSessionCode((code) => {
        const current = window.location.pathname + window.location.search;
        const act = sessionAction(code, { current, hasUnsavedEdits: hasUnsavedEdits() });
        if (act.type === 'relogin-dialog') {
          setReloginLoaded(true);
          setRelogin(true);
        } else if (act.type === 'login') {
          setToken(null);
          queryClient.clear();
          navigate(act.to, { replace: true });
        } else if (act.type === 'set-password') navigate(act.to, { replace: true });
      }),
    [navigate],
  );

  useEffect(() => onEditsStart(preloadDialog), []);

  // While Folio cannot be reached: one lasting notice and a health probe with back-off; when it answers
  // again (the probe or any call), every view that failed reloads by itself.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    const probe = () => {
      timer = setTimeout(() => {
        fetchHealth().catch(() => {
          delay = Math.min(delay * 2, 15_000);
          probe();
        });
      }, delay);
    };
    const off = onReachability((ok) => {
      clearTimeout(timer);
      if (ok) {
        delay = 1000;
        ui.message?.destroy('net');
        ui.message?.success({ key: 'net-back', content: i18n.t('net.restored'), duration: 2 });
        void queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
        return;
      }
      ui.message?.warning({ key: 'net', content: i18n.t('net.retrying'), duration: 0 });
      probe();
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {reloginLoaded && (
        <Suspense fallback={null}>
          <ReLoginDialog open={relogin} onClose={() => setRelogin(false)} />
        </Suspense>
      )}
    </>
  );
}

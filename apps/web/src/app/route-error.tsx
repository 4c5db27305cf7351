/**
 * Shown when a route chunk fails to load or a page throws. The antd page (Result, with its
 * illustrations) loads only then, so no route ships it; if even that chunk cannot load (a new
 * deploy replaced the files), a plain page with a reload button stands in.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

function PlainRouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h2>{t('common.pageError')}</h2>
      <button type="button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}

const RouteErrorView = lazy(() =>
  import('./route-error-view').then(
    (m) => ({ default: m.RouteErrorView }),
    () => ({ default: PlainRouteError }),
  ),
);

const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i;
const RELOADED_AT = 'folio.chunkReloadAt';

/**
 * A page's code that no longer exists on the server (a new version was deployed since this tab loaded)
 * reloads the app once to the new version; a second failure within a minute shows the error instead.
 */
function reloadOnceForNewVersion(err: Error | undefined): boolean {
  if (!err || !CHUNK_FAILURE.test(String(err.message ?? err))) return false;
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}

export function RouteError() {
  const err = useRouteError() as Error | undefined;
  if (err) console.error(err);
  if (reloadOnceForNewVersion(err)) return null;
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}

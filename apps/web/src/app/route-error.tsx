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

export function RouteError() {
  const err = useRouteError() as Error | undefined;
  if (err) console.error(err);
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}

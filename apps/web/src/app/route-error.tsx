/** Shown when a route chunk fails to load or a page throws. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

export function RouteError() {
  const { t } = useTranslation();
  const err = useRouteError() as Error | undefined;
  if (err) console.error(err);
  return (
    <Result
      status="error"
      title={t('common.pageError')}
      subTitle={t('common.requestError')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}

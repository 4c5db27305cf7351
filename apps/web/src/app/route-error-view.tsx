/** The antd error page of a route (loaded only when a route fails; see route-error.tsx). */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function RouteErrorView() {
  const { t } = useTranslation();
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

/** Shown for a space or project that does not exist or that the user may not read (the API answers both alike). */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundOrHidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="not-found-or-hidden">
      <Result
        status="404"
        title={t('common.notFoundOrHidden')}
        subTitle={t('common.notFoundOrHiddenHint')}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('nav.home')}
          </Button>
        }
      />
    </div>
  );
}

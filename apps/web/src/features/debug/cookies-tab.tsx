/** The debug console's cookies and variables tab. */
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readLocal, writeLocal } from '../../lib/storage';

/** The proxy's cookie jar and the variables of an application, with a button to clear the jar. */
export function CookiesTab({ jarKey, varsKey }: { jarKey: string; varsKey: string }) {
  const { t } = useTranslation();
  const [, force] = useState(0);
  const jar = readLocal<Record<string, string>>(jarKey, {});
  const vars = readLocal<Record<string, string>>(varsKey, {});
  return (
    <div>
      <Alert type="info" showIcon message={t('debug.cookiesTip')} style={{ marginBottom: 8 }} />
      <pre data-testid="debug-cookies">
        {Object.entries(jar)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n') || '-'}
      </pre>
      <Button
        size="small"
        onClick={() => {
          writeLocal(jarKey, {});
          force((n) => n + 1);
        }}
      >
        {t('debug.clearCookies')}
      </Button>
      <h4 style={{ marginTop: 12 }}>{t('debug.vars')}</h4>
      <pre data-testid="debug-vars">{JSON.stringify(vars, null, 2)}</pre>
    </div>
  );
}

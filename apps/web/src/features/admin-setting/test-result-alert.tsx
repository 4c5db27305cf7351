/** The answer of a settings test button (LDAP, form, OAuth, SMTP, MeterSphere). */
import type { SsoTestResult } from '@folio/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The answer of a test button: worked or failed, with the server's full message. */
export function TestResultAlert({ r }: { r: SsoTestResult | null }) {
  const { t } = useTranslation();
  if (!r) return null;
  return (
    <Alert
      data-testid="test-result"
      style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}
      type={r.ok ? 'success' : 'error'}
      showIcon
      title={r.ok ? t('admin.testOk') : t('admin.testFailed')}
      description={r.message}
    />
  );
}

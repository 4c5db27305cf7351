/** Password + confirmation rules shared by the account forms (the server's NewPassword: 8 to 128 characters). */
import { useTranslation } from 'react-i18next';

const PASSWORD_MIN = 8;

/** The rules of a new password and of its confirmation. */
export function usePasswordRules() {
  const { t } = useTranslation();
  return {
    password: [
      { required: true, message: t('validation.notEmpty') },
      { min: PASSWORD_MIN, message: t('account.passwordMin', { 0: PASSWORD_MIN }) },
      { max: 128, message: t('validation.maxLength', { 0: 128 }) },
    ],
    confirm: [
      { required: true, message: t('validation.notEmpty') },
      ({ getFieldValue }: { getFieldValue: (n: string) => string }) => ({
        validator: (_: unknown, v: string) =>
          !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('validation.passwordDiffer'))),
      }),
    ],
  };
}

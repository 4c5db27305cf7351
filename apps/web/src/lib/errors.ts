/** Shows a failed call the way spec §8 says, and marks form fields for validation errors. */
import type { FormInstance } from 'antd';
import { i18n } from '../app/i18n';
import { errorToast, formFieldErrors } from './session';
import { ui } from './ui';

/** Toasts an error (server message for code 100, generic text otherwise; nothing for session codes). */
export function showError(err: unknown, form?: FormInstance): void {
  const text = errorToast(err, i18n.t('common.requestError'), i18n.t('net.unreachable'));
  if (text) ui.message?.error(text);
  if (form) {
    const fields = formFieldErrors(err);
    if (fields.length) form.setFields(fields);
  }
  if (!(err && typeof err === 'object' && 'code' in err)) console.error(err);
}

/** Copies text with the spec's messages: 'Copy Success', 'copy failed', 'clipboard not supported'. */
import { i18n } from '../app/i18n';
import { ui } from './ui';

export async function copyText(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) {
    ui.message?.error(i18n.t('common.clipboardNotSupported'));
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    ui.message?.success(i18n.t('common.copySuccess'));
    return true;
  } catch {
    ui.message?.error(i18n.t('common.copyFailed'));
    return false;
  }
}

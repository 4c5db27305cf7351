/** Confirmation for destructive and security actions (spec §5): delete, reset, refresh token, disable, enable. */
import { i18n } from '../app/i18n';
import { showError } from '../lib/errors';
import { ui } from '../lib/ui';

/** Asks, then runs the action; errors toast. Resolves true when the action ran and succeeded. */
export function confirmAction(opts: {
  title?: string;
  content?: React.ReactNode;
  danger?: boolean;
  okText?: string;
  run: () => Promise<unknown>;
}): Promise<boolean> {
  return new Promise((resolve) => {
    if (!ui.modal) {
      resolve(false);
      return;
    }
    ui.modal.confirm({
      title: opts.title ?? i18n.t('common.confirmTitle'),
      content: opts.content,
      okText: opts.okText ?? i18n.t('common.ok'),
      cancelText: i18n.t('common.cancel'),
      okButtonProps: { danger: opts.danger ?? true },
      onOk: async () => {
        try {
          await opts.run();
          resolve(true);
        } catch (e) {
          showError(e);
          resolve(false);
        }
      },
      onCancel: () => resolve(false),
    });
  });
}

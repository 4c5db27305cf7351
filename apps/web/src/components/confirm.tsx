/** Confirmation for destructive and security actions (spec §5): delete, reset, refresh token, disable, enable. */
import { Input, Typography } from 'antd';
import { i18n } from '../app/i18n';
import { showError } from '../lib/errors';
import { ui } from '../lib/ui';

/**
 * Asks, then runs the action; errors toast. Resolves true when the action ran and succeeded.
 * With `typeToConfirm`, OK stays disabled until that text (a space's or project's name) is typed.
 */
export function confirmAction(opts: {
  title?: string;
  content?: React.ReactNode;
  danger?: boolean;
  okText?: string;
  typeToConfirm?: string;
  run: () => Promise<unknown>;
}): Promise<boolean> {
  return new Promise((resolve) => {
    if (!ui.modal) {
      resolve(false);
      return;
    }
    const mustType = opts.typeToConfirm;
    const modal = ui.modal.confirm({
      title: opts.title ?? i18n.t('common.confirmTitle'),
      content: mustType ? (
        <div>
          {opts.content}
          <Typography.Paragraph style={{ marginTop: 8, marginBottom: 4 }}>
            {i18n.t('confirm.typeName', { 0: mustType })}
          </Typography.Paragraph>
          <Input
            aria-label={i18n.t('confirm.typeNameLabel')}
            data-testid="type-to-confirm"
            autoFocus
            onChange={(e) => modal.update({ okButtonProps: { danger: opts.danger ?? true, disabled: e.target.value.trim() !== mustType } })}
          />
        </div>
      ) : (
        opts.content
      ),
      okText: opts.okText ?? i18n.t('common.ok'),
      cancelText: i18n.t('common.cancel'),
      okButtonProps: { danger: opts.danger ?? true, disabled: !!mustType },
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

/** Asks before leaving the editor (in-app navigation) while it holds unsaved edits. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ui } from '../../lib/ui';

/** Blocks a route change while `dirty` and not `saved`, asking the user whether to leave. */
export function useLeaveGuard(dirty: boolean, saved: React.RefObject<boolean>) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    ui.modal?.confirm({
      title: t('editor.leaveTitle'),
      content: t('editor.leaveText'),
      okText: t('editor.leave'),
      cancelText: t('editor.stay'),
      okButtonProps: { danger: true },
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, t]);
}

/**
 * The trash API, typed by packages/shared/src/schemas/trash.ts: list, restore, purge, and the "Deleted — Undo"
 * message every delete shows.
 */
import type { TrashListItem, TrashListPage, TrashRestored } from '@folio/shared';
import { Button, Space } from 'antd';
import { i18n } from '../../app/i18n';
import { api } from '../../lib/api';
import { showError } from '../../lib/errors';
import { queryClient } from '../../lib/query';
import { ui } from '../../lib/ui';

export type { TrashKind } from '@folio/shared';
/** A deleted thing as the trash lists it. */
export type TrashItem = TrashListItem;

export interface TrashQuery {
  spaceId?: string;
  q?: string;
  pageIndex: number;
  pageSize: number;
}

export const trashKey = (q?: TrashQuery) => (q ? ['trash', q] : ['trash']);

export const fetchTrash = (q: TrashQuery) =>
  api.get<TrashListPage>('trash/list', {
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    spaceId: q.spaceId || undefined,
    q: q.q?.trim() || undefined,
  });

/** Restores a trash item; every view refreshes (what comes back may be a space, a project, an application or docs). */
export async function restoreFromTrash(id: string): Promise<TrashRestored> {
  const r = await api.post<TrashRestored>('trash/restore', { id });
  await queryClient.invalidateQueries();
  return r;
}

export async function purgeFromTrash(id: string): Promise<void> {
  await api.post('trash/purge', { id });
  await queryClient.invalidateQueries({ queryKey: trashKey() });
}

/** After a delete: a success message with an Undo action (restores the trash item in place). */
export function notifyDeleted(trashId: string | undefined, onUndone?: () => void): void {
  const key = `deleted-${trashId ?? Date.now()}`;
  const t = i18n.t.bind(i18n);
  ui.message?.success({
    key,
    duration: 8,
    content: (
      <Space>
        <span>{t('trash.deleted')}</span>
        {trashId && (
          <Button
            size="small"
            type="link"
            data-testid="undo-delete"
            onClick={async () => {
              ui.message?.destroy(key);
              try {
                const r = await restoreFromTrash(trashId);
                ui.message?.success(r.movedToRoot ? t('trash.restoredToRoot') : t('trash.restored'));
                onUndone?.();
              } catch (e) {
                showError(e);
              }
            }}
          >
            {t('trash.undo')}
          </Button>
        )}
      </Space>
    ),
  });
}

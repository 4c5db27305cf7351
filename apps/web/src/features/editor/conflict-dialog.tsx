/**
 * Shown when a save is refused because someone else saved the doc after this editor loaded it (409
 * `doc_version_conflict`). The user's edits stay in the form; the dialog offers to compare their version with
 * the current one, to overwrite it with theirs, or to reload the current version (discarding their edits).
 */
import { type DocDetail, formatDateTime } from '@folio/shared';
import { Alert, Button, Modal, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SideBySide } from '../history/history-panel';
import { useCurrentVersionQuery } from './api';

/** The version the server reported as current. */
export interface CurrentVersion {
  gmtModified: string;
  modifierName: string;
}

export function ConflictDialog(props: {
  docId: string;
  current: CurrentVersion;
  /** The user's unsaved version, as a save payload. */
  mine: Record<string, unknown>;
  saving: boolean;
  onOverwrite: () => void;
  onReload: (current: DocDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [comparing, setComparing] = useState(false);
  const theirs = useCurrentVersionQuery(props.docId, props.current.gmtModified);
  const mine = theirs.data ? ({ ...theirs.data, ...props.mine } as DocDetail) : null;
  return (
    <Modal
      open
      width={comparing ? 1100 : 560}
      title={t('editor.conflict.title')}
      onCancel={props.onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={props.onClose}>{t('editor.conflict.keepEditing')}</Button>
          <Button onClick={() => setComparing((c) => !c)} disabled={!mine} data-testid="conflict-compare">
            {comparing ? t('editor.conflict.hideCompare') : t('editor.conflict.compare')}
          </Button>
          <Button danger onClick={() => theirs.data && props.onReload(theirs.data)} disabled={!theirs.data} data-testid="conflict-reload">
            {t('editor.conflict.reload')}
          </Button>
          <Button type="primary" danger loading={props.saving} onClick={props.onOverwrite} data-testid="conflict-overwrite">
            {t('editor.conflict.overwrite')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="conflict-dialog">
        <Alert
          type="warning"
          showIcon
          title={t('editor.conflict.message', {
            name: props.current.modifierName || '?',
            time: formatDateTime(Number(props.current.gmtModified)),
          })}
          description={t('editor.conflict.kept')}
        />
        {comparing &&
          (theirs.data && mine ? (
            <div data-testid="conflict-diff">
              <Typography.Text type="secondary">{t('editor.conflict.compareHint')}</Typography.Text>
              <SideBySide a={theirs.data} b={mine} labels={[t('editor.conflict.theirs'), t('editor.conflict.yours')]} />
            </div>
          ) : (
            <Skeleton active />
          ))}
      </Space>
    </Modal>
  );
}

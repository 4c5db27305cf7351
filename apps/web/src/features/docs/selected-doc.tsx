/** The selected doc of the management page: its actions bar (status, edit, copy, lock, delete) and the reader's view. */
import { CopyOutlined, DeleteOutlined, EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { DocStatus, DocType, isDeprecated } from '@folio/shared';
import { Button, Flex, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { showError } from '../../lib/errors';
import { queryClient } from '../../lib/query';
import { ui } from '../../lib/ui';
import { DocView } from '../doc-view/doc-view';
import { notifyDeleted } from '../trash/trash-api';
import { editPathOf } from './doc-tree-panel';
import { deleteShownDoc, invalidateModule, useDocDetail, useDocLockMutation, useDocStatusMutation } from './docs-api';

const STATUS_OPTIONS = [
  { value: DocStatus.TODO, key: 'doc.statusTodo' },
  { value: DocStatus.DOING, key: 'doc.statusDoing' },
  { value: DocStatus.DONE, key: 'doc.statusDone' },
];

/** The selected doc: actions bar and the reader's view. */
export function SelectedDoc({
  moduleId,
  docId,
  canWrite,
  onDeleted,
}: {
  moduleId: string;
  docId: string;
  canWrite: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: doc, isLoading, error } = useDocDetail(docId);
  const setStatus = useDocStatusMutation(moduleId);
  const lockDoc = useDocLockMutation(moduleId);
  if (isLoading) return <Skeleton active />;
  if (error || !doc) return <Result status="404" title={t('doc.notFound')} />;
  const textDoc = doc.type === DocType.CUSTOM || doc.type === DocType.MARKDOWN;
  return (
    <div className="selected-doc">
      <Flex justify="space-between" align="center" wrap gap={8} className="selected-doc-bar">
        <Space wrap>
          <Typography.Text type="secondary" copyable={{ text: doc.id }}>
            ID {doc.id}
          </Typography.Text>
          {!!doc.isLocked && (
            <Tag icon={<LockOutlined />} color="gold">
              {t('doc.locked')}
            </Tag>
          )}
          {isDeprecated(doc.deprecated) && <Tag color="red">{t('doc.deprecated')}</Tag>}
        </Space>
        {canWrite && (
          <Space wrap>
            <Select
              size="small"
              value={doc.status}
              aria-label={t('doc.status')}
              style={{ width: 110 }}
              options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: t(o.key) }))}
              onChange={async (status) => {
                try {
                  await setStatus.mutateAsync({ id: doc.id, status });
                } catch (e) {
                  showError(e);
                }
              }}
            />
            <Button
              size="small"
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(editPathOf(moduleId, { id: doc.id, docType: doc.type }))}
              data-testid="doc-edit"
            >
              {t('common.edit')}
            </Button>
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={() => navigate(textDoc ? `/doc/copy_custom/${moduleId}/${doc.id}` : `/doc/copy/${moduleId}/${doc.id}`)}
            >
              {t('doc.copy')}
            </Button>
            <Button
              size="small"
              icon={doc.isLocked ? <UnlockOutlined /> : <LockOutlined />}
              onClick={async () => {
                try {
                  await lockDoc.mutateAsync({ id: doc.id, locked: !doc.isLocked });
                  ui.message?.success(doc.isLocked ? t('doc.unlocked') : t('doc.locked'));
                } catch (e) {
                  showError(e);
                }
              }}
            >
              {doc.isLocked ? t('doc.unlock') : t('doc.lock')}
            </Button>
            <Button
              size="small"
              danger
              data-testid="doc-delete"
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmAction({
                  title: t('doc.deleteConfirm', { 0: doc.name }),
                  run: async () => {
                    const r = await deleteShownDoc(doc.id);
                    // Leave the deleted doc first, so nothing asks for it again (and shows "not found").
                    onDeleted();
                    queryClient.removeQueries({ queryKey: ['doc', doc.id] });
                    invalidateModule(moduleId);
                    notifyDeleted(r?.trashId, () => invalidateModule(moduleId));
                  },
                })
              }
            >
              {t('common.delete')}
            </Button>
          </Space>
        )}
      </Flex>
      <DocView docId={doc.id} />
    </div>
  );
}

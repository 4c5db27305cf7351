/** The progress and outcome of an import job: counts, what changed, errors with their location, warnings. */
import { Alert, List, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportStatus } from './api';
import { countedNouns } from './import-counts';

/** Progress bar, then the result of an import job. */
export function ImportProgress({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  const failed = status.state === 'failed';
  const counted = countedNouns(t, status.counts);
  return (
    <div data-testid="import-progress" data-state={status.state}>
      <Typography.Paragraph strong>{t(`ie.import.state.${status.state}`)}</Typography.Paragraph>
      <Progress percent={status.progress} status={failed ? 'exception' : status.state === 'done' ? 'success' : 'active'} />
      {status.state === 'done' && (
        <Alert
          type={status.dropped ? 'warning' : 'success'}
          showIcon
          style={{ marginTop: 12 }}
          message={
            <span data-testid="import-counts">
              {status.dropped
                ? t('ie.import.countsDropped', { ...counted, dropped: status.dropped, total: status.source?.docs ?? 0 })
                : t('ie.import.counts', counted)}
            </span>
          }
          description={status.outcome ? t('ie.import.outcome', status.outcome) : undefined}
        />
      )}
      {status.errors.length > 0 && (
        <List
          style={{ marginTop: 12 }}
          size="small"
          header={<Typography.Text type="danger">{t('ie.import.errors')}</Typography.Text>}
          dataSource={status.errors}
          renderItem={(e) => (
            <List.Item>
              <Typography.Text type="danger">{e.message}</Typography.Text>
              {e.location && <Typography.Text code>{e.location}</Typography.Text>}
            </List.Item>
          )}
        />
      )}
      {status.warnings.length > 0 && (
        <List
          style={{ marginTop: 12, maxHeight: 240, overflow: 'auto' }}
          size="small"
          header={<Typography.Text type="warning">{t('ie.import.warnings', { n: status.warnings.length })}</Typography.Text>}
          dataSource={status.warnings}
          renderItem={(w) => <List.Item>{w}</List.Item>}
        />
      )}
    </div>
  );
}

/**
 * "Migrate from Torna" in the system settings: a connection test, a dry run listing what will move, the
 * migration as a server job with a progress bar, and its report (per Torna table: read, written, left out).
 */
import { Alert, Button, Form, Input, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { showError } from '../../lib/errors';
import {
  dryRunTorna,
  startTorna,
  type TableReport,
  type TornaReport,
  type TornaSource,
  type TornaTestAnswer,
  testTorna,
  useTornaStatusQuery,
} from './api';

function ReportView({ r }: { r: TornaReport }) {
  const { t } = useTranslation();
  const skipped = (x: TableReport) => x.skipped.reduce((n, s) => n + s.count, 0);
  return (
    <div data-testid="torna-report" style={{ marginTop: 16 }}>
      <Typography.Paragraph>
        {t(r.dryRun ? 'admin.torna.dryRunSummary' : 'admin.torna.doneSummary', {
          0: r.source.database,
          1: r.source.version ?? '-',
          2: r.spaces.total,
          3: (r.ms / 1000).toFixed(1),
        })}
      </Typography.Paragraph>
      <Table<TableReport>
        size="small"
        rowKey="table"
        pagination={false}
        dataSource={r.tables}
        columns={[
          { title: t('admin.torna.table'), dataIndex: 'table' },
          { title: t('admin.torna.read'), dataIndex: 'read', align: 'right' },
          {
            title: r.dryRun ? t('admin.torna.toWrite') : t('admin.torna.written'),
            key: 'written',
            align: 'right',
            render: (_, x) => (r.dryRun ? x.read - skipped(x) : x.written),
          },
          { title: t('admin.torna.leftOut'), key: 'skipped', render: (_, x) => x.skipped.map((s) => `${s.count} ${s.reason}`).join('; ') },
        ]}
      />
      {r.notMigrated.length || r.columnsNotMigrated?.length ? (
        <Alert
          style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}
          type="info"
          title={t('admin.torna.notMigrated')}
          description={[
            ...r.notMigrated.map((n) => `${n.table} (${n.rows}): ${n.reason}`),
            ...(r.columnsNotMigrated ?? []).map((c) => `${c.table}.${c.columns.join(', ')}: ${c.reason}`),
          ].join('\n')}
        />
      ) : null}
      {r.notes.length ? <Alert style={{ marginTop: 12, whiteSpace: 'pre-wrap' }} type="warning" description={r.notes.join('\n')} /> : null}
    </div>
  );
}

export function TornaMigrationTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TornaSource>();
  const [busy, setBusy] = useState('');
  const [test, setTest] = useState<TornaTestAnswer | null>(null);
  const [dry, setDry] = useState<TornaReport | null>(null);
  const [jobId, setJobId] = useState('');
  const status = useTornaStatusQuery(jobId);
  const run = async (what: string, fn: (v: TornaSource) => Promise<void>) => {
    const v = await form.validateFields();
    setBusy(what);
    try {
      await fn(v);
    } catch (err) {
      showError(err, form);
    } finally {
      setBusy('');
    }
  };
  const s = status.data;
  return (
    <div data-testid="torna-migration">
      <Typography.Paragraph type="secondary">{t('admin.torna.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item
          name="from"
          label={t('admin.torna.from')}
          rules={[{ required: true, pattern: /^(mysql|mariadb):\/\//, message: t('admin.torna.fromHint') }]}
        >
          <Input placeholder="mysql://user:password@host:3306/torna" data-testid="torna-from" />
        </Form.Item>
        <Form.Item name="salt" label={t('admin.torna.salt')} extra={t('admin.torna.saltHint')}>
          <Input placeholder="@r9#8e.N$z>09=dG" />
        </Form.Item>
        <Form.Item name="timezone" label={t('admin.torna.timezone')} extra={t('admin.torna.timezoneHint')}>
          <Input placeholder="+08:00" style={{ width: 160 }} />
        </Form.Item>
        <Space>
          <Button
            loading={busy === 'test'}
            data-testid="torna-test"
            onClick={() => run('test', async (v) => setTest(await testTorna({ from: v.from, timezone: v.timezone })))}
          >
            {t('admin.torna.test')}
          </Button>
          <Button
            loading={busy === 'dry'}
            data-testid="torna-dry-run"
            onClick={() => run('dry', async (v) => setDry(await dryRunTorna(v)))}
          >
            {t('admin.torna.dryRun')}
          </Button>
          <Button
            type="primary"
            danger
            data-testid="torna-start"
            disabled={!!s && ['queued', 'running'].includes(s.state)}
            onClick={() =>
              run('start', async (v) => {
                await confirmAction({
                  title: t('admin.torna.startConfirm'),
                  danger: true,
                  run: async () => setJobId((await startTorna(v)).jobId),
                });
              })
            }
          >
            {t('admin.torna.start')}
          </Button>
        </Space>
      </Form>
      {test ? (
        <Alert
          data-testid="torna-test-result"
          style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}
          type={test.ok ? 'success' : 'error'}
          showIcon
          title={test.ok ? t('admin.torna.testOk', { 0: test.database, 1: test.version ?? '-', 2: test.tables }) : t('admin.testFailed')}
          description={test.problem || undefined}
        />
      ) : null}
      {s ? (
        <div style={{ marginTop: 16 }}>
          <Progress percent={s.progress} status={s.state === 'failed' ? 'exception' : s.state === 'done' ? 'success' : 'active'} />
          {s.state === 'failed' ? <Alert type="error" title={s.error} /> : null}
          {s.state === 'done' ? <Alert type="success" showIcon title={t('admin.torna.done')} /> : null}
          {s.report ? <ReportView r={s.report} /> : null}
        </div>
      ) : dry ? (
        <ReportView r={dry} />
      ) : null}
    </div>
  );
}

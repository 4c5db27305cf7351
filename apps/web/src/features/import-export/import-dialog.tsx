/**
 * Import dialog: a file, a URL (with optional basic auth) or pasted text, into this application or a new
 * one. The server runs the import as a job; the dialog shows its progress, then the counts, warnings and
 * errors (with their location in the source), and opens the application when done.
 */
import { Alert, Button, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api';
import { showError } from '../../lib/errors';
import { invalidateModule } from '../docs/docs-api';
import { fetchImportStatus, type ImportStatus, refreshImport, startImport, useImportSourceQuery } from './api';
import { ImportProgress } from './import-progress';
import { type ImportSourceKind, SourceFields } from './import-source-fields';

interface FormValues {
  target: 'current' | 'new';
  name?: string;
  format: string;
  url?: string;
  content?: string;
  basicAuthUsername?: string;
  basicAuthPassword?: string;
}

const POLL_MS = 500;

export function ImportDialog({
  open,
  projectId,
  moduleId,
  onClose,
}: {
  open: boolean;
  projectId: string;
  moduleId?: string;
  onClose: (moduleId?: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [source, setSource] = useState<ImportSourceKind>('file');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const target = Form.useWatch('target', form);

  const stopPolling = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    if (!open) {
      stopPolling();
      setStatus(null);
      setBusy(false);
      setFiles([]);
      setFileError('');
      form.resetFields();
    }
    return stopPolling;
  }, [open, form, stopPolling]);

  /**
   * Follows the job until it ends. A failed poll (server restarting, network down) is retried with back-off
   * while the dialog says so: the job goes on on the server, and the dialog shows its final outcome.
   */
  const poll = (jobId: string, failures = 0) => {
    fetchImportStatus(jobId)
      .then((s) => {
        setStatus(s);
        setReconnecting(false);
        if (s.state === 'queued' || s.state === 'running') timer.current = setTimeout(() => poll(jobId), POLL_MS);
        else if (s.state === 'done') invalidateModule(s.moduleId);
      })
      .catch((e: ApiError) => {
        const transient = e.code === '-1' || (e.status ?? 0) >= 500;
        if (!transient || failures >= 60) {
          showError(e);
          setBusy(false);
          setReconnecting(false);
          return;
        }
        setReconnecting(true);
        timer.current = setTimeout(() => poll(jobId, failures + 1), Math.min(10_000, POLL_MS * 2 ** Math.min(failures, 5)));
      });
  };

  // An application imported from a URL or pasted OpenAPI can be refreshed from that source.
  const sourceQ = useImportSourceQuery(moduleId, open);
  const canRefresh = !!(sourceQ.data?.url || sourceQ.data?.hasContent);

  const start = (jobId: string) => {
    setStatus({
      jobId,
      state: 'queued',
      progress: 0,
      moduleId: '',
      format: '',
      counts: { folders: 0, docs: 0, params: 0 },
      source: null,
      dropped: 0,
      outcome: null,
      timings: null,
      warnings: [],
      errors: [],
    });
    poll(jobId);
  };

  const refresh = async () => {
    setBusy(true);
    try {
      start((await refreshImport(moduleId ?? '')).jobId);
    } catch (e) {
      showError(e);
      setBusy(false);
    }
  };

  const submit = async (v: FormValues) => {
    const fd = new FormData();
    if (moduleId && v.target !== 'new') fd.append('moduleId', moduleId);
    else {
      fd.append('projectId', projectId);
      fd.append('name', (v.name ?? '').trim());
    }
    if (v.format && v.format !== 'auto') fd.append('format', v.format);
    if (source === 'file') {
      if (!files.length) {
        setFileError(t('ie.import.pleaseUpload'));
        return;
      }
      if (files.length > 1) {
        setFileError(t('ie.import.oneFile'));
        return;
      }
      fd.append('file', files[0].originFileObj as File, files[0].name);
    } else if (source === 'url') {
      fd.append('url', (v.url ?? '').trim());
      if (v.basicAuthUsername) fd.append('basicAuthUsername', v.basicAuthUsername);
      if (v.basicAuthPassword) fd.append('basicAuthPassword', v.basicAuthPassword);
    } else fd.append('content', v.content ?? '');
    setBusy(true);
    try {
      const { jobId } = await startImport(fd);
      start(jobId);
    } catch (e) {
      showError(e, form);
      setBusy(false);
    }
  };

  const finished = status && (status.state === 'done' || status.state === 'failed');
  const close = () => onClose(status?.state === 'done' ? status.moduleId : undefined);

  const footer = status
    ? [
        <Button
          key="again"
          disabled={!finished}
          onClick={() => {
            // A new import into the same target: the previous file goes, the target choice stays.
            const keep = form.getFieldsValue(['target', 'name', 'format']);
            setStatus(null);
            setBusy(false);
            setFiles([]);
            setFileError('');
            setTimeout(() => form.setFieldsValue(keep));
          }}
        >
          {t('ie.import.again')}
        </Button>,
        <Button key="open" type="primary" disabled={status.state !== 'done'} onClick={close} data-testid="import-open">
          {t('ie.import.open')}
        </Button>,
      ]
    : [
        ...(canRefresh
          ? [
              <Button key="refresh" loading={busy} onClick={refresh} data-testid="import-refresh">
                {t('ie.import.refresh')}
              </Button>,
            ]
          : []),
        <Button key="cancel" onClick={() => onClose()}>
          {t('common.cancel', 'Cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => form.submit()} data-testid="import-submit">
          {t('ie.import.submit')}
        </Button>,
      ];

  return (
    <Modal open={open} title={t('ie.import.title')} onCancel={close} footer={footer} width={640} destroyOnHidden maskClosable={false}>
      {status ? (
        <>
          {reconnecting && (
            <Alert type="warning" showIcon title={t('net.retrying')} style={{ marginBottom: 12 }} data-testid="import-reconnecting" />
          )}
          <ImportProgress status={status} />
        </>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ target: moduleId ? 'current' : 'new', format: 'auto' }}>
          {moduleId && (
            <Form.Item name="target" label={t('ie.import.target')}>
              <Radio.Group>
                <Radio value="current">{t('ie.import.target.current')}</Radio>
                <Radio value="new">{t('ie.import.target.new')}</Radio>
              </Radio.Group>
            </Form.Item>
          )}
          {(!moduleId || target === 'new') && (
            <Form.Item
              name="name"
              label={t('ie.import.appName')}
              rules={[{ required: true, whitespace: true, message: t('ie.import.appName.required') }, { max: 64 }]}
            >
              <Input maxLength={64} data-testid="import-name" />
            </Form.Item>
          )}
          <SourceFields
            source={source}
            onSource={setSource}
            files={files}
            onFiles={setFiles}
            fileError={fileError}
            onFileError={setFileError}
          />
          <Form.Item name="format" label={t('ie.import.format')}>
            <Select
              options={[
                { value: 'auto', label: t('ie.import.format.auto') },
                { value: 'openapi', label: t('ie.import.format.openapi') },
                { value: 'postman', label: t('ie.import.format.postman') },
                { value: 'yapi-md', label: t('ie.import.format.yapiMd') },
                { value: 'yapi-json', label: t('ie.import.format.yapiJson') },
              ]}
            />
          </Form.Item>
          <Typography.Text type="secondary">{t('ie.import.tip')}</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}

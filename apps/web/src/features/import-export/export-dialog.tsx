/**
 * Export dialog: one scope (ticked docs, a folder, an application or a project), a format, and the
 * environment whose base URL goes in. The file comes from GET /api/export and is saved by the browser.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiLanguage, apiUrl, getToken, langHeaders } from '../../lib/api';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { fetchEnvironments, fetchModuleOfDoc } from '../application/api';

export type ExportFormat = 'markdown' | 'markdown-torna' | 'markdown-zip' | 'html' | 'docx' | 'postman' | 'openapi-json' | 'openapi-yaml';

const FORMATS: { value: ExportFormat; key: string }[] = [
  { value: 'markdown-torna', key: 'ie.export.format.markdownTorna' },
  { value: 'markdown', key: 'ie.export.format.markdown' },
  { value: 'markdown-zip', key: 'ie.export.format.markdownZip' },
  { value: 'html', key: 'ie.export.format.html' },
  { value: 'docx', key: 'ie.export.format.docx' },
  { value: 'postman', key: 'ie.export.format.postman' },
  { value: 'openapi-json', key: 'ie.export.format.openapiJson' },
  { value: 'openapi-yaml', key: 'ie.export.format.openapiYaml' },
];

/** The file name from a Content-Disposition header (RFC 5987 first). */
function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through */
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Docs an OpenAPI export had to put inside another operation (they share its method and path). */
export interface ExportNotes {
  merged: number;
  /** The first of them, `METHOD url › name`. */
  mergedDocs: string[];
}

function notesOf(res: Response): ExportNotes {
  const merged = Number(res.headers.get('x-folio-export-merged') ?? 0) || 0;
  let mergedDocs: string[] = [];
  try {
    const raw = res.headers.get('x-folio-export-merged-docs');
    if (raw) mergedDocs = (JSON.parse(decodeURIComponent(raw)) as unknown[]).map(String);
  } catch {
    /* a list that does not parse is left out; the count stays */
  }
  return { merged, mergedDocs };
}

/** Downloads an export with the session token and saves it; returns what the server said about it. */
export async function downloadExport(query: Record<string, string | undefined>): Promise<ExportNotes> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.token = token;
  // Files in the language the exporter sees (the server falls back to the saved preference, then Accept-Language).
  const res = await fetch(apiUrl('export', { ...query, lang: apiLanguage() || undefined }), { headers: { ...headers, ...langHeaders() } });
  if (!res.ok) {
    let msg = `HTTP ${res.status}`;
    try {
      msg = (await res.json()).msg || msg;
    } catch {
      /* not JSON */
    }
    throw new Error(msg);
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileNameOf(res.headers.get('content-disposition'), `export.${query.format}`);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  return notesOf(res);
}

export function ExportDialog({
  open,
  scope,
  onClose,
}: {
  open: boolean;
  scope: { docIds?: string[]; folderId?: string; moduleId?: string; projectId?: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  // Torna's Markdown layout is what Chinese-speaking (Torna) users expect first.
  const [format, setFormat] = useState<ExportFormat>(i18n.language === 'zh-CN' ? 'markdown-torna' : 'markdown');
  const [version, setVersion] = useState<'3.1' | '3.0'>('3.1');
  const [environmentId, setEnvironmentId] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const noDocs = !!scope.docIds && scope.docIds.length === 0 && !scope.folderId && !scope.moduleId && !scope.projectId;

  // The application whose environments can give the base URL.
  const moduleQ = useQuery({
    queryKey: ['export-module', scope.moduleId, scope.folderId, scope.docIds?.[0]],
    enabled: open && !scope.projectId && !noDocs,
    queryFn: async () => {
      if (scope.moduleId) return scope.moduleId;
      const docId = scope.folderId ?? scope.docIds?.[0];
      if (!docId) return '';
      return (await fetchModuleOfDoc(docId)).id;
    },
  });
  const envQ = useQuery({
    queryKey: ['module-environments', moduleQ.data],
    enabled: open && !!moduleQ.data,
    queryFn: () => fetchEnvironments(moduleQ.data ?? ''),
  });

  const scopeText = scope.projectId
    ? t('ie.export.scope.project')
    : scope.moduleId
      ? t('ie.export.scope.module')
      : scope.folderId
        ? t('ie.export.scope.folder')
        : t('ie.export.scope.docs', { n: scope.docIds?.length ?? 0 });

  const download = async () => {
    if (noDocs) {
      ui.message?.warning(t('ie.export.pleaseTickDocs'));
      return;
    }
    setBusy(true);
    try {
      const notes = await downloadExport({
        format,
        docIds: scope.docIds?.length && !scope.folderId && !scope.moduleId && !scope.projectId ? scope.docIds.join(',') : undefined,
        folderId: scope.folderId,
        moduleId: scope.folderId ? undefined : scope.moduleId,
        projectId: scope.projectId,
        environmentId: environmentId || undefined,
        openapiVersion: format.startsWith('openapi') ? version : undefined,
      });
      if (notes.merged) {
        // Never silent: the user learns which docs went inside another operation, and why.
        ui.modal?.warning({
          title: t('ie.export.merged.title', { n: notes.merged }),
          content: (
            <div data-testid="export-merged">
              <p>{t('ie.export.merged.body')}</p>
              <ul>
                {notes.mergedDocs.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
              {notes.merged > notes.mergedDocs.length && <p>{t('ie.export.merged.more', { n: notes.merged - notes.mergedDocs.length })}</p>}
            </div>
          ),
        });
      } else ui.message?.success(t('ie.export.done'));
      onClose();
    } catch (e) {
      showError(e instanceof Error && !('code' in e) ? { code: '100', message: e.message } : e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('ie.export.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} disabled={noDocs} onClick={download} data-testid="export-download">
          {t('ie.export.download')}
        </Button>,
      ]}
    >
      {noDocs ? (
        <Alert type="warning" showIcon message={t('ie.export.pleaseTickDocs')} />
      ) : (
        <Form layout="vertical">
          <Typography.Paragraph type="secondary">{scopeText}</Typography.Paragraph>
          <Form.Item label={t('ie.export.format')}>
            <Radio.Group value={format} onChange={(e) => setFormat(e.target.value)} data-testid="export-format">
              <Space direction="vertical">
                {FORMATS.map((f) => (
                  <Radio key={f.value} value={f.value}>
                    {t(f.key)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          {format.startsWith('openapi') && (
            <Form.Item label={t('ie.export.openapiVersion')}>
              <Radio.Group value={version} onChange={(e) => setVersion(e.target.value)} optionType="button">
                <Radio value="3.1">3.1</Radio>
                <Radio value="3.0">3.0</Radio>
              </Radio.Group>
            </Form.Item>
          )}
          {!scope.projectId && (
            <Form.Item label={t('ie.export.environment')}>
              <Select
                value={environmentId}
                onChange={setEnvironmentId}
                loading={envQ.isLoading}
                options={[
                  { value: '', label: t('ie.export.environment.none') },
                  ...(envQ.data ?? []).map((e) => ({ value: e.id, label: `${e.name} (${e.url})` })),
                ]}
              />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

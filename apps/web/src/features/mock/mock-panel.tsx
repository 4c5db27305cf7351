/**
 * Mock rules of a doc: the list with each rule's public URL, and an editor (path, request data to match,
 * status, headers, delay, fixed body with Mock.js templates or a server-side script) that previews the
 * output with the server's sandbox before saving.
 */
import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import type { DocDetail } from '@folio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import CodeMirror from '@uiw/react-codemirror';
import { Alert, Button, Form, Input, InputNumber, List, Popconfirm, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { ui } from '../../lib/ui';
import { useDebugContext } from '../debug/debug-api';
import { type Row, row, rowsObject } from '../debug/debug-request';
import { KvTable } from '../debug/kv-table';

export interface MockRule {
  id: string;
  docId: string;
  name: string;
  path: string;
  isDefault: number;
  requestDataType: number;
  dataKv: { name: string; value: string }[];
  dataJson: string;
  httpStatus: number;
  delayMills: number;
  responseHeaders: { name: string; value: string }[];
  resultType: number;
  responseBody: string;
  mockScript: string;
  remark: string;
  url: string;
}

interface Draft {
  id?: string;
  name: string;
  path: string;
  requestDataType: number;
  dataKv: Row[];
  dataJson: string;
  httpStatus: number;
  delayMills: number;
  responseHeaders: Row[];
  resultType: number;
  responseBody: string;
  mockScript: string;
  remark: string;
}

const toRows = (list: { name: string; value: string }[]) => list.map((x) => row(x.name, x.value));
const fromRows = (rows: Row[]) => Object.entries(rowsObject(rows)).map(([name, value]) => ({ name, value }));
const absolute = (url: string) => `${window.location.origin}${url}`;

function draftOf(r: MockRule | null, doc: DocDetail): Draft {
  if (!r)
    return {
      name: '',
      path: (doc.url || '').replace(/^\/+/, ''),
      requestDataType: 0,
      dataKv: [],
      dataJson: '',
      httpStatus: 200,
      delayMills: 0,
      responseHeaders: [row('Content-Type', 'application/json;charset=UTF-8')],
      resultType: 0,
      responseBody: '{\n  "code": 0,\n  "data": {\n    "name": "@name"\n  }\n}',
      mockScript: "return Mock.mock({\n  'list|1-10': [{ 'id|+1': 1, name: '@cname', email: '@email' }]\n});",
      remark: '',
    };
  return { ...r, dataKv: toRows(r.dataKv), responseHeaders: toRows(r.responseHeaders) };
}

export function MockPanel({ doc }: { doc: DocDetail }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['mockRules', doc.id];
  const q = useQuery({ queryKey: key, queryFn: () => api.get<MockRule[]>('doc/mock/list', { docId: doc.id }) });
  // Edit rights come with the debug context of the doc (guests read rules and URLs only).
  const canEdit = useDebugContext(doc.id, '').data?.canEditMock ?? false;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [preview, setPreview] = useState<{ ok: boolean; body: string; error: string } | null>(null);
  const save = useMutation({
    mutationFn: (d: Draft) =>
      api.post<{ id: string }>('doc/mock/save', {
        ...d,
        docId: doc.id,
        dataKv: fromRows(d.dataKv),
        responseHeaders: fromRows(d.responseHeaders),
      }),
    onSuccess: (r) => {
      ui.message?.success(t('mock.saved'));
      setDraft((d) => (d ? { ...d, id: r.id } : d));
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const del = useMutation({
    mutationFn: (id: string) => api.post('doc/mock/delete', { id }),
    onSuccess: () => {
      ui.message?.success(t('mock.deleted'));
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const editActions = (r: MockRule) => [
    <Button
      key="edit"
      size="small"
      icon={<EditOutlined />}
      onClick={() => {
        setPreview(null);
        setDraft(draftOf(r, doc));
      }}
    >
      {t('mock.edit')}
    </Button>,
    <Popconfirm key="del" title={t('mock.deleteConfirm')} onConfirm={() => del.mutate(r.id)}>
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('mock.delete')} />
    </Popconfirm>,
  ];
  const runPreview = async () => {
    if (!draft) return;
    const r = await api.post<{ ok: boolean; body: string; error: string }>('doc/mock/preview', {
      docId: doc.id,
      resultType: draft.resultType,
      responseBody: draft.responseBody,
      mockScript: draft.mockScript,
      path: draft.path,
    });
    let body = r.body;
    try {
      body = JSON.stringify(JSON.parse(r.body), null, 2);
    } catch {
      /* not JSON: show as it is */
    }
    setPreview({ ...r, body });
  };

  return (
    <div data-testid="mock-panel">
      <Space style={{ marginBottom: 8 }}>
        <Button
          hidden={!canEdit}
          icon={<PlusOutlined />}
          onClick={() => {
            setPreview(null);
            setDraft(draftOf(null, doc));
          }}
        >
          {t('mock.new')}
        </Button>
      </Space>
      <List
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: t('mock.empty') }}
        renderItem={(r) => (
          <List.Item
            data-testid="mock-rule"
            actions={[
              <Button key="copy" size="small" icon={<CopyOutlined />} onClick={() => copyText(absolute(r.url))}>
                {t('mock.copyUrl')}
              </Button>,
              ...(canEdit ? editActions(r) : []),
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  {r.isDefault ? <Tag color="blue">{t('mock.default')}</Tag> : null}
                  <span>{r.name}</span>
                  <Tag>{r.httpStatus}</Tag>
                  <Tag>{t(`mock.resultType.${r.resultType}`)}</Tag>
                </Space>
              }
              description={
                <Typography.Link href={r.url} target="_blank" data-testid="mock-url">
                  {absolute(r.url)}
                </Typography.Link>
              }
            />
          </List.Item>
        )}
      />
      {draft && (
        <Form layout="vertical" style={{ marginTop: 12 }} data-testid="mock-editor">
          <Space wrap align="start">
            <Form.Item label={t('mock.name')} required>
              <Input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item label={t('mock.path')} required>
              <Input value={draft.path} onChange={(e) => setDraft({ ...draft, path: e.target.value })} style={{ width: 320 }} />
            </Form.Item>
            <Form.Item label={t('mock.httpStatus')}>
              <InputNumber
                controls={false}
                min={100}
                max={599}
                value={draft.httpStatus}
                onChange={(v) => setDraft({ ...draft, httpStatus: Number(v ?? 200) })}
              />
            </Form.Item>
            <Form.Item label={t('mock.delay')}>
              <InputNumber
                controls={false}
                min={0}
                max={600000}
                value={draft.delayMills}
                onChange={(v) => setDraft({ ...draft, delayMills: Number(v ?? 0) })}
              />
            </Form.Item>
          </Space>
          <Form.Item label={t('mock.requestData')}>
            <Radio.Group
              value={draft.requestDataType}
              onChange={(e) => setDraft({ ...draft, requestDataType: e.target.value })}
              options={[
                { value: 0, label: t('mock.requestData.kv') },
                { value: 1, label: t('mock.requestData.json') },
              ]}
              style={{ marginBottom: 8 }}
            />
            {draft.requestDataType === 0 ? (
              <KvTable rows={draft.dataKv} onChange={(dataKv) => setDraft({ ...draft, dataKv })} />
            ) : (
              <CodeMirror
                value={draft.dataJson}
                height="100px"
                extensions={[json()]}
                onChange={(v) => setDraft({ ...draft, dataJson: v })}
              />
            )}
          </Form.Item>
          <Form.Item label={t('mock.responseHeaders')}>
            <KvTable rows={draft.responseHeaders} onChange={(responseHeaders) => setDraft({ ...draft, responseHeaders })} />
          </Form.Item>
          <Form.Item label={t('mock.resultType')}>
            <Radio.Group
              value={draft.resultType}
              onChange={(e) => setDraft({ ...draft, resultType: e.target.value })}
              options={[
                { value: 0, label: t('mock.resultType.0') },
                { value: 1, label: t('mock.resultType.1') },
              ]}
            />
          </Form.Item>
          {draft.resultType === 0 ? (
            <Form.Item label={t('mock.responseBody')}>
              <CodeMirror
                value={draft.responseBody}
                height="220px"
                extensions={[json()]}
                onChange={(v) => setDraft({ ...draft, responseBody: v })}
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('mock.script')}>
              <CodeMirror
                value={draft.mockScript}
                height="220px"
                extensions={[javascript()]}
                onChange={(v) => setDraft({ ...draft, mockScript: v })}
              />
            </Form.Item>
          )}
          <Form.Item label={t('mock.remark')}>
            <Input value={draft.remark} onChange={(e) => setDraft({ ...draft, remark: e.target.value })} />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              loading={save.isPending}
              disabled={!draft.name.trim() || !draft.path.trim()}
              onClick={() => save.mutate(draft)}
            >
              {t('mock.save')}
            </Button>
            <Button icon={<EyeOutlined />} onClick={runPreview} data-testid="mock-preview">
              {t('mock.preview')}
            </Button>
            <Button onClick={() => setDraft(null)}>{t('common.cancel', 'Cancel')}</Button>
          </Space>
          {preview && (
            <div style={{ marginTop: 8 }} data-testid="mock-preview-result">
              {preview.ok ? (
                <pre style={{ maxHeight: 320, overflow: 'auto' }}>{preview.body}</pre>
              ) : (
                <Alert
                  type="error"
                  showIcon
                  message={/no data returned/.test(preview.error) ? t('debug.noReturn') : `${t('debug.mockScriptError')}: ${preview.error}`}
                />
              )}
            </div>
          )}
        </Form>
      )}
    </div>
  );
}

/** The editor of one mock rule, with a preview by the server's sandbox before saving. */
import { EyeOutlined } from '@ant-design/icons';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import type { DocDetail } from '@folio/shared';
import CodeMirror from '@uiw/react-codemirror';
import { Alert, Button, Form, Input, InputNumber, Radio, Space } from 'antd';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ui } from '../../lib/ui';
import { type Row, row, rowsObject } from '../debug/debug-request';
import { KvTable } from '../debug/kv-table';
import { type MockPair, type MockPreview, type MockRule, previewMock, useSaveMockRuleMutation } from './api';

const toRows = (list: MockPair[]) => list.map((x) => row(x.name, x.value));
const fromRows = (rows: Row[]): MockPair[] => Object.entries(rowsObject(rows)).map(([name, value]) => ({ name, value }));

/** A rule being edited (key/value lists as editable rows). */
export interface Draft {
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

/** A new rule for the doc, or an existing one, as a draft. */
export function draftOf(r: MockRule | null, doc: DocDetail): Draft {
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

/** Edits a draft; saving keeps the draft open with the saved rule's id. */
export function MockEditor({ doc, draft, setDraft }: { doc: DocDetail; draft: Draft; setDraft: Dispatch<SetStateAction<Draft | null>> }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<MockPreview | null>(null);
  const save = useSaveMockRuleMutation(doc.id);
  const saveDraft = (d: Draft) =>
    save.mutate(
      { ...d, dataKv: fromRows(d.dataKv), responseHeaders: fromRows(d.responseHeaders) },
      {
        onSuccess: (r) => {
          ui.message?.success(t('mock.saved'));
          setDraft((cur) => (cur ? { ...cur, id: r.id } : cur));
        },
      },
    );
  const runPreview = async () => {
    const r = await previewMock({
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
          <CodeMirror value={draft.dataJson} height="100px" extensions={[json()]} onChange={(v) => setDraft({ ...draft, dataJson: v })} />
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
          onClick={() => saveDraft(draft)}
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
  );
}

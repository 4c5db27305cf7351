/** The response: status, time and size; pretty body (JSON folded in CodeMirror, images shown, text), headers, script log; copy and download. */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { Button, Descriptions, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { type DebugResponse, formatSize, viewOf } from './debug-request';

const statusColor = (s: number) => (s >= 500 ? 'error' : s >= 400 ? 'warning' : s >= 300 ? 'processing' : 'success');

function fileName(r: DebugResponse): string {
  const ct = r.contentType.toLowerCase();
  const ext = ct.includes('json')
    ? 'json'
    : ct.includes('xml')
      ? 'xml'
      : ct.includes('html')
        ? 'html'
        : ct.startsWith('image/')
          ? ct.slice(6).split(';')[0]
          : 'txt';
  return `response.${ext}`;
}

export function ResponseView({ response, logs }: { response: DebugResponse; logs: string[] }) {
  const { t } = useTranslation();
  const view = useMemo(() => viewOf(response), [response]);
  const blobUrl = useMemo(
    () => URL.createObjectURL(new Blob([response.bytes], { type: response.contentType || 'application/octet-stream' })),
    [response],
  );
  useEffect(() => () => URL.revokeObjectURL(blobUrl), [blobUrl]);
  const headerRows = Object.entries(response.headers).flatMap(([k, v]) => [v].flat().map((x, n) => ({ k, v: String(x), id: `${k}#${n}` })));
  const body =
    view.kind === 'image' ? (
      <img src={blobUrl} alt="response" style={{ maxWidth: '100%', maxHeight: 480 }} data-testid="debug-response-image" />
    ) : (
      <div data-testid="debug-response-body">
        <CodeMirror
          value={view.text}
          readOnly
          editable={false}
          height="420px"
          extensions={view.kind === 'json' ? [json(), EditorView.lineWrapping] : [EditorView.lineWrapping]}
          basicSetup={{ foldGutter: view.kind === 'json' }}
        />
      </div>
    );
  return (
    <div data-testid="debug-response">
      <Space wrap style={{ marginBottom: 8 }}>
        <span>
          {t('debug.status')}:{' '}
          <Tag color={statusColor(response.status)} data-testid="debug-status">
            {response.status}
          </Tag>
        </span>
        <span>
          {t('debug.time')}: <Typography.Text data-testid="debug-time">{Math.round(response.timeMs)} ms</Typography.Text>
        </span>
        <span>
          {t('debug.size')}: <Typography.Text data-testid="debug-size">{formatSize(response.size)}</Typography.Text>
        </span>
        <Button size="small" icon={<CopyOutlined />} onClick={() => copyText(view.kind === 'image' ? blobUrl : view.text)}>
          {t('debug.copy')}
        </Button>
        <Button size="small" icon={<DownloadOutlined />} href={blobUrl} download={fileName(response)}>
          {t('debug.download')}
        </Button>
      </Space>
      <Tabs
        size="small"
        items={[
          { key: 'body', label: t('debug.response.body'), children: body },
          {
            key: 'headers',
            label: `${t('debug.response.headers')} (${headerRows.length})`,
            children: (
              <Descriptions size="small" column={1} bordered data-testid="debug-response-headers">
                {headerRows.map((h) => (
                  <Descriptions.Item key={h.id} label={h.k}>
                    <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                      {h.v}
                    </Typography.Text>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ),
          },
          ...(logs.length
            ? [
                {
                  key: 'logs',
                  label: t('debug.response.logs'),
                  children: <pre data-testid="debug-script-logs">{logs.join('\n')}</pre>,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

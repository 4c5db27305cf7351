/** "Copy as Markdown": copies the doc's Markdown twin (the same text agents read) for the reader's source. */
import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { ui } from '../../lib/ui';
import { composeGrantOf, type DocViewSource, shareGrantOf } from '../doc-view/doc-source';

/** The twin's URL and headers for a doc read from a source. */
export function twinRequest(source: DocViewSource, docId: string): { url: string; headers: Record<string, string> } {
  if (source.kind === 'share') {
    const grant = shareGrantOf(source);
    return { url: `/share/${source.shareId}/${docId}.md`, headers: grant ? { 'x-share-grant': grant } : {} };
  }
  if (source.kind === 'compose') {
    const grant = composeGrantOf(source);
    return { url: `/show/${source.showId}/${docId}.md`, headers: grant ? { 'x-share-grant': grant } : {} };
  }
  const token = getToken();
  return { url: `/view/${docId}.md`, headers: token ? { token } : {} };
}

export function CopyMarkdownButton({ source, docId }: { source: DocViewSource; docId: string }) {
  const { t } = useTranslation();
  const handleCopy = async () => {
    const { url, headers } = twinRequest(source, docId);
    const res = await fetch(url, { headers });
    if (!res.ok) {
      ui.message?.error(t('agents.copyMarkdownFailed'));
      return;
    }
    await copyText(await res.text());
  };
  return (
    <Button size="small" icon={<CopyOutlined />} data-testid="copy-markdown" onClick={() => void handleCopy()}>
      {t('agents.copyMarkdown')}
    </Button>
  );
}

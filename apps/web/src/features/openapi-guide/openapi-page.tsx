/**
 * The /openapi page: the push protocol guide (served as Markdown by GET /api/openapi/push.md) with
 * copy-paste examples for smart-doc, torna-sdk and curl. With `?moduleId=` (from an application's
 * settings) the examples carry that application's URL and token, for its admins.
 */
import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Markdown } from '../../components/markdown';
import { apiLanguage, apiUrl, getToken, langHeaders } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { McpGuide } from '../agents/mcp-guide';

/** The guide in the language the user sees; `tokenHidden` when the reader may not see the application's token. */
async function fetchGuide(moduleId: string | null): Promise<{ md: string; tokenHidden: boolean }> {
  const headers: Record<string, string> = { ...langHeaders() };
  const token = getToken();
  if (token) headers.token = token;
  const res = await fetch(apiUrl('openapi/push.md', moduleId ? { moduleId } : undefined), { headers });
  // A developer opening the guide from an application: the same guide without the token, and why.
  if (res.status === 403 && moduleId) return { md: (await fetchGuide(null)).md, tokenHidden: true };
  const text = await res.text();
  if (res.ok) return { md: text, tokenHidden: false };
  let msg = `HTTP ${res.status}`;
  try {
    msg = (JSON.parse(text) as { msg?: string }).msg || msg;
  } catch {
    /* not an envelope */
  }
  throw new Error(msg);
}

/** First inline-code value after one of a bold label's translations in the guide (URL, token). */
function pick(md: string, labels: string[]): string {
  for (const label of labels) {
    const m = new RegExp(`\\*\\*${label}\\*\\*[:：] ?\`([^\`]+)\``).exec(md);
    if (m) return m[1];
  }
  return '';
}

export function OpenApiPage(_props: Record<string, never>) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const moduleId = params.get('moduleId');
  const guide = useQuery({ queryKey: ['push-guide', moduleId, apiLanguage()], queryFn: () => fetchGuide(moduleId) });
  const md = guide.data?.md ?? '';
  const url = pick(md, ['URL']);
  const token = pick(md, ['Application token', '应用 Token']);
  const hasToken = !!token && !token.startsWith('<');
  return (
    <>
      <Card
        data-testid="openapi-guide"
        title={t('openapi.title')}
        extra={
          md && (
            <Space wrap>
              {url && (
                <Button size="small" icon={<CopyOutlined />} onClick={() => copyText(url)}>
                  {t('openapi.copyUrl')}
                </Button>
              )}
              {hasToken && (
                <Button size="small" icon={<CopyOutlined />} onClick={() => copyText(token)}>
                  {t('openapi.copyToken')}
                </Button>
              )}
              <Button size="small" icon={<CopyOutlined />} onClick={() => copyText(md)}>
                {t('openapi.copyGuide')}
              </Button>
            </Space>
          )
        }
      >
        {!moduleId && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('openapi.pickApp')} />}
        {guide.data?.tokenHidden && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('openapi.noTokenPermission')} data-testid="guide-no-token" />
        )}
        {guide.isLoading && <Skeleton active />}
        {guide.error && <Typography.Text type="danger">{(guide.error as Error).message}</Typography.Text>}
        {md && <Markdown source={md} className="openapi-guide" />}
      </Card>
      <McpGuide />
    </>
  );
}

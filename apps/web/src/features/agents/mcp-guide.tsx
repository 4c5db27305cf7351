/**
 * The agents part of the /openapi guide: the MCP endpoint, copy-paste configs for common agent clients,
 * and the Markdown twins and llms.txt URLs.
 */
import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyText } from '../../lib/clipboard';

const TOKEN = 'fpat_…';

/** Client configs for an MCP endpoint URL (Streamable HTTP) and a bearer token. */
export function mcpConfigs(origin: string, token = TOKEN): { key: string; label: string; text: string }[] {
  const url = `${origin}/mcp`;
  const headers = { Authorization: `Bearer ${token}` };
  return [
    { key: 'generic', label: 'Cursor / Windsurf / JSON', text: JSON.stringify({ mcpServers: { folio: { url, headers } } }, null, 2) },
    {
      key: 'claude-code',
      label: 'Claude Code',
      text: `claude mcp add --transport http folio ${url} --header "Authorization: Bearer ${token}"`,
    },
    {
      key: 'vscode',
      label: 'VS Code (.vscode/mcp.json)',
      text: JSON.stringify({ servers: { folio: { type: 'http', url, headers } } }, null, 2),
    },
    {
      key: 'stdio',
      label: 'stdio (Claude Desktop)',
      text: JSON.stringify({ mcpServers: { folio: { command: 'folio', args: ['mcp', '--url', origin, '--token', token] } } }, null, 2),
    },
  ];
}

function Snippet({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="code-block">
      <Button size="small" className="code-copy" icon={<CopyOutlined />} onClick={() => copyText(text)}>
        {t('common.copy')}
      </Button>
      <pre>{text}</pre>
    </div>
  );
}

export function McpGuide() {
  const { t } = useTranslation();
  const origin = window.location.origin;
  return (
    <Card title={t('agents.guide.title')} style={{ marginTop: 16 }} className="mcp-guide" data-testid="mcp-guide">
      <Typography.Paragraph>
        {t('agents.guide.intro')} <Link to="/user/tokens">{t('agents.tokens')}</Link>
      </Typography.Paragraph>
      <Tabs items={mcpConfigs(origin).map((c) => ({ key: c.key, label: c.label, children: <Snippet text={c.text} /> }))} />
      <Typography.Paragraph>{t('agents.guide.share')}</Typography.Paragraph>
      <Snippet text={`Authorization: Bearer share:<shareId>:<password>\nAuthorization: Bearer show:<composeId>:<password>`} />
      <Typography.Paragraph>{t('agents.guide.markdown')}</Typography.Paragraph>
      <Snippet
        text={[
          `${origin}/view/<docId>.md`,
          `${origin}/share/<shareId>/<docId>.md`,
          `${origin}/share/<shareId>/llms.txt`,
          `${origin}/show/<composeId>/llms-full.txt`,
          `${origin}/llms.txt?project=<projectId>`,
        ].join('\n')}
      />
    </Card>
  );
}

/**
 * `folio mcp --url <folio base URL> --token <token>`: a stdio MCP server for local agents (Claude Desktop and
 * other clients that start a command) that forwards every tool call to a Folio server's /mcp endpoint over
 * Streamable HTTP. The token is a personal access token (or `share:<id>:<password>`); FOLIO_TOKEN also works.
 */
import type { Readable, Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CliCommand } from '../command.js';

const USAGE = `folio mcp --url <Folio URL> --token <token>

Serves Folio's MCP tools (search_docs, get_doc, list_tree, list_environments) on stdin/stdout, forwarding
each call to <Folio URL>/mcp. The token is a personal access token from the user centre (Access tokens), or
share:<shareId>:<password> for one share. FOLIO_URL and FOLIO_TOKEN may replace the options.

Example config (Claude Desktop):
  {"mcpServers": {"folio": {"command": "folio", "args": ["mcp", "--url", "https://docs.example.com", "--token", "fpat_..."]}}}`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

/**
 * Runs the bridge on the given streams until the input ends. Resolves when the local side closes.
 * Fails (rejects) when the Folio server cannot be reached or refuses the token.
 */
export async function runMcpBridge(url: string, token: string, input: Readable, output: Writable): Promise<void> {
  const endpoint = new URL('/mcp', url.endsWith('/') ? url : `${url}/`);
  const remote = new Client({ name: 'folio-cli', version: '1.0.0' });
  await remote.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  const local = new Server({ name: 'folio', version: '1.0.0' }, { capabilities: { tools: {} } });
  local.setRequestHandler(ListToolsRequestSchema, (req) => remote.listTools(req.params));
  local.setRequestHandler(CallToolRequestSchema, (req) => remote.callTool(req.params));
  const closed = new Promise<void>((resolve) => {
    local.onclose = () => resolve();
    input.once('end', () => resolve());
  });
  await local.connect(new StdioServerTransport(input, output));
  await closed;
  await remote.close();
}

export const command: CliCommand = {
  name: 'mcp',
  summary: 'Serve Folio docs to a local AI agent over stdio (MCP bridge to <url>/mcp)',
  usage: USAGE,
  async run(args) {
    if (args.includes('--help') || args.includes('-h')) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const url = option(args, 'url') ?? process.env.FOLIO_URL;
    const token = option(args, 'token') ?? process.env.FOLIO_TOKEN;
    if (!url || !token) {
      process.stderr.write(`folio mcp: --url and --token are required\n\n${USAGE}\n`);
      return 2;
    }
    try {
      await runMcpBridge(url, token, process.stdin, process.stdout);
      return 0;
    } catch (err) {
      process.stderr.write(`folio mcp: ${(err as Error).message}\n`);
      return 1;
    }
  },
};

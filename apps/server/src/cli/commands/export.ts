/** `folio export`: every export format of the web app, over HTTP with a user's token, to a file or stdout. */
import { writeFile } from 'node:fs/promises';
import type { CliCommand } from '../command.js';
import { api, baseUrl, CliError, io, need, parse, request, runCommand, usageError } from '../lib.js';

const FORMATS = ['markdown', 'markdown-torna', 'markdown-zip', 'html', 'docx', 'postman', 'openapi-json', 'openapi-yaml'];

const usage = `
folio export --url <server> --token <user token> --format <format> (--app <id> | --project <id> | --folder <id> | --docs <id,id>) [-o <file>]

Formats: ${FORMATS.join(', ')}.
Writes to the file given with -o/--output, else to standard output.

Options:
  --url <url>              Folio's address (or FOLIO_URL)
  --token <token>          a user's token (or FOLIO_USER_TOKEN), or --username/--password to log in
  --env <id>               the environment whose base URL goes into the export
  --openapi-version <v>    3.1 (default) or 3.0 for openapi-json / openapi-yaml
`;

/** The user token: --token, FOLIO_USER_TOKEN, or a login with --username/--password. */
export async function userToken(base: string, v: { token?: string; username?: string; password?: string }): Promise<string> {
  if (v.token || process.env.FOLIO_USER_TOKEN) return (v.token || process.env.FOLIO_USER_TOKEN) as string;
  if (!v.username) throw usageError('--token (or FOLIO_USER_TOKEN) or --username with --password is required');
  const password = need(v.password ?? process.env.FOLIO_PASSWORD, '--password (or FOLIO_PASSWORD)');
  const r = await api<{ token: string }>(base, '/api/user/login', {
    method: 'POST',
    body: JSON.stringify({ username: v.username, password }),
    contentType: 'application/json',
  });
  return r.token;
}

export const command: CliCommand = {
  name: 'export',
  summary: 'export docs (Markdown, HTML, Word, Postman, OpenAPI) to a file or stdout',
  usage,
  run: (args) =>
    runCommand(
      usage,
      async () => {
        const { values } = parse(args, {
          url: { type: 'string' },
          token: { type: 'string' },
          username: { type: 'string' },
          password: { type: 'string' },
          format: { type: 'string' },
          app: { type: 'string' },
          project: { type: 'string' },
          folder: { type: 'string' },
          docs: { type: 'string' },
          env: { type: 'string' },
          'openapi-version': { type: 'string' },
          output: { type: 'string', short: 'o' },
        });
        const format = need(values.format, '--format');
        if (!FORMATS.includes(format)) throw usageError(`--format must be one of ${FORMATS.join(', ')}`);
        const scopes = [values.app, values.project, values.folder, values.docs].filter(Boolean).length;
        if (scopes !== 1) throw usageError('give exactly one of --app, --project, --folder, --docs');
        const base = baseUrl(values.url);
        const token = await userToken(base, values);
        const q = new URLSearchParams({ format });
        if (values.app) q.set('moduleId', values.app);
        if (values.project) q.set('projectId', values.project);
        if (values.folder) q.set('folderId', values.folder);
        if (values.docs) q.set('docIds', values.docs);
        if (values.env) q.set('environmentId', values.env);
        if (values['openapi-version']) q.set('openapiVersion', values['openapi-version']);
        const res = await request(base, `/api/export?${q}`, { token });
        const bytes = Buffer.from(await res.arrayBuffer());
        if (!res.ok) {
          let msg = `HTTP ${res.status}`;
          try {
            msg = JSON.parse(bytes.toString('utf8')).msg ?? msg;
          } catch {}
          throw new CliError(res.status === 401 ? `the server refused the token: ${msg}` : `export failed: ${msg}`);
        }
        if (values.output) {
          await writeFile(values.output, bytes);
          io.err(`wrote ${values.output} (${bytes.length} bytes)\n`);
        } else {
          await new Promise<void>((resolve, reject) => process.stdout.write(bytes, (e) => (e ? reject(e) : resolve())));
        }
        return 0;
      },
      args,
    ),
};

/** `folio import <file>`: the web app's import (OpenAPI, Postman, YAPI) over HTTP with a user's token. */
import { readFile } from 'node:fs/promises';
import type { CliCommand } from '../command.js';
import { api, baseUrl, CliError, io, parse, progress, runCommand, sleep, usageError } from '../lib.js';
import { userToken } from './export.js';

const usage = `
folio import <file> --url <server> --token <user token> --app <application id>
folio import <file> --url <server> --token <user token> --project <project id> --name <new application>

Imports OpenAPI/Swagger (JSON or YAML), a Postman collection or YAPI (JSON or Markdown) like the web app's
import dialog, waits for the job and prints what it brought, its warnings and errors with their location.

Options:
  --url <url>          Folio's address (or FOLIO_URL)
  --token <token>      a user's token (or FOLIO_USER_TOKEN), or --username/--password to log in
  --app <id>           the application to import into (its id is in the address bar of the web app)
  --project <id>       with --name: create a new application in this project
  --format <f>         openapi | postman | yapi-md | yapi-json (detected when omitted)
  --json               print the job's final status as JSON
`;

export const command: CliCommand = {
  name: 'import',
  summary: 'import a spec into an application with a user token (like the web app)',
  usage,
  run: (args) =>
    runCommand(
      usage,
      async () => {
        const { values, positionals } = parse(args, {
          url: { type: 'string' },
          token: { type: 'string' },
          username: { type: 'string' },
          password: { type: 'string' },
          app: { type: 'string' },
          project: { type: 'string' },
          name: { type: 'string' },
          format: { type: 'string' },
          json: { type: 'boolean' },
        });
        if (positionals.length !== 1) throw usageError('give exactly one file to import');
        if (!values.app && !(values.project && values.name)) throw usageError('give --app, or --project with --name');
        const base = baseUrl(values.url);
        const token = await userToken(base, values);
        const content = await readFile(positionals[0], 'utf8').catch((e) => {
          throw new CliError(`${positionals[0]}: ${(e as Error).message}`);
        });
        const { quickDetect } = await import('../../modules/imports/import-convert.js');
        if (!values.format && !quickDetect(content))
          throw new CliError(`${positionals[0]}: unknown file format (expected OpenAPI/Swagger, Postman or YAPI)`);
        const body = JSON.stringify({ moduleId: values.app, projectId: values.project, name: values.name, format: values.format, content });
        const { jobId } = await api<{ jobId: string }>(base, '/api/import', {
          method: 'POST',
          token,
          body,
          contentType: 'application/json',
        });
        const bar = progress('importing');
        let st: any;
        for (;;) {
          st = await api(base, `/api/import/status?jobId=${encodeURIComponent(jobId)}`, { token });
          bar.update(st.progress ?? 0, 100);
          if (st.state === 'done' || st.state === 'failed') break;
          await sleep(300);
        }
        bar.done();
        if (values.json) io.out(`${JSON.stringify(st)}\n`);
        else {
          const c = st.counts ?? {};
          const o = st.outcome;
          io.out(
            `import ${st.state} (${st.format || 'unknown format'}) into application ${st.moduleId}: ${c.folders} folders, ${c.docs} docs, ${c.params} params\n`,
          );
          if (o)
            io.out(
              `  ${o.added} added, ${o.updated} updated, ${o.unchanged} unchanged, ${o.deleted} deleted, ${o.skippedLocked} skipped (locked)\n`,
            );
          for (const w of st.warnings ?? []) io.out(`  warning: ${w}\n`);
          for (const e of st.errors ?? []) io.out(`  error: ${e.message}${e.location ? ` (at ${e.location})` : ''}\n`);
        }
        return st.state === 'done' ? 0 : 1;
      },
      args,
    ),
};

/** `folio push <file|dir>`: sends a spec (or a directory of Markdown) to an application by its token, for CI. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';
import type { PushDocItem, PushOutcome } from '@folio/shared';
import type { CliCommand } from '../command.js';
import { api, baseUrl, CliError, io, need, parse, progress, runCommand, sleep, usageError } from '../lib.js';

const usage = `
folio push <openapi.json|openapi.yaml|postman.json|yapi.md|dir-of-markdown> --url <server> --token <application token>

Sends the file to the application the token belongs to (the token is on the application's "Open API" tab),
waits for the merge, prints what changed, and exits 1 when the push failed.

Options:
  --url <url>        Folio's address, e.g. http://folio:7700 (or FOLIO_URL)
  --token <token>    the application token (or FOLIO_TOKEN)
  --replace          delete docs of the application that the file no longer has
  --override         overwrite docs edited by hand in Folio (locked docs are still skipped)
  --format <f>       openapi | postman | yapi-md | yapi-json (detected when omitted)
  --author <name>    the name shown in history (default: "folio push")
  --wait             wait for the merge and print the outcome (the default)
  --no-wait          queue the push, print its job id and return at once
  --json             print the outcome as JSON (for scripts)

A directory is pushed as Markdown docs: every *.md file becomes a doc (its first "# " heading is the name,
its path the key), every sub-directory a folder.

Exit codes: 0 pushed, 1 failed (refused token, unreachable server, invalid file), 2 bad usage.
`;

/** A directory of Markdown as a push payload: folders per sub-directory, Markdown docs (type 3) per file. */
export async function markdownPayload(root: string): Promise<{ apis: PushDocItem[]; count: number }> {
  let count = 0;
  const walk = async (dir: string): Promise<PushDocItem[]> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    const items: PushDocItem[] = [];
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        const children = await walk(full);
        if (children.length) items.push({ name: e.name, isFolder: 1, type: 3, items: children });
      } else if (/\.(md|markdown)$/i.test(e.name)) {
        const text = (await readFile(full, 'utf8')).replace(/^\uFEFF/, '');
        const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim();
        const key = relative(root, full)
          .split('\\')
          .join('/')
          .replace(/\.(md|markdown)$/i, '');
        items.push({ name: heading || basename(e.name, extname(e.name)), isFolder: 0, type: 3, url: `/${key}`, description: text });
        count++;
      }
    }
    return items;
  };
  return { apis: await walk(root), count };
}

interface PushAnswer {
  format: string;
  warnings: string[];
  jobId?: string;
  outcome?: PushOutcome & { runId?: string };
}

function printOutcome(format: string, o: PushOutcome, warnings: string[]): void {
  io.out(
    `pushed (${format}): ${o.added} added, ${o.updated} updated, ${o.unchanged} unchanged, ${o.deleted} deleted, ${o.skippedLocked} skipped (locked)\n`,
  );
  const all = [...warnings, ...(o.errors ?? []).map((e) => `${e.path}: ${e.message}`)];
  if (all.length) {
    io.out(`${all.length} warning(s):\n`);
    for (const w of all.slice(0, 200)) io.out(`  - ${w}\n`);
    if (all.length > 200) io.out(`  … ${all.length - 200} more (use --json for all)\n`);
  }
}

export const command: CliCommand = {
  name: 'push',
  summary: 'push an OpenAPI/Postman/YAPI file or a directory of Markdown to an application (CI)',
  usage,
  run: (args) =>
    runCommand(
      usage,
      async () => {
        const { values, positionals } = parse(args, {
          url: { type: 'string' },
          token: { type: 'string' },
          replace: { type: 'boolean' },
          override: { type: 'boolean' },
          format: { type: 'string' },
          author: { type: 'string' },
          wait: { type: 'boolean' },
          'no-wait': { type: 'boolean' },
          json: { type: 'boolean' },
        });
        if (positionals.length !== 1) throw usageError('give exactly one file or directory to push');
        const base = baseUrl(values.url);
        const token = need(values.token ?? process.env.FOLIO_TOKEN, '--token (or FOLIO_TOKEN)');
        const path = positionals[0];
        const st = await stat(path).catch(() => null);
        if (!st) throw new CliError(`${path}: no such file or directory`);
        let body: string;
        let format = values.format;
        if (st.isDirectory()) {
          const { apis, count } = await markdownPayload(path);
          if (!count) throw new CliError(`${path}: the directory holds no Markdown (*.md) file`);
          body = JSON.stringify({ apis, author: values.author });
          format = 'push';
        } else {
          body = await readFile(path, 'utf8');
          if (format && !['openapi', 'postman', 'yapi-md', 'yapi-json'].includes(format))
            throw usageError(`--format must be openapi, postman, yapi-md or yapi-json (got "${format}")`);
          const { quickDetect } = await import('../../modules/imports/import-convert.js');
          if (!format && !quickDetect(body))
            throw new CliError(`${path}: unknown file format (expected OpenAPI/Swagger JSON or YAML, a Postman collection, or YAPI)`);
        }
        const q = new URLSearchParams({
          isReplace: values.replace ? '1' : '0',
          isOverride: values.override ? '1' : '0',
          async: '1',
        });
        if (format) q.set('format', format);
        if (values.author) q.set('author', values.author);
        const answer = await api<PushAnswer>(base, `/api/import/push?${q}`, {
          method: 'POST',
          token,
          body,
          contentType: 'text/plain; charset=utf-8',
        });
        const jobId = answer.jobId as string;
        if (values['no-wait']) {
          if (values.json) io.out(`${JSON.stringify({ format: answer.format, warnings: answer.warnings, jobId })}\n`);
          else io.out(`queued push job ${jobId} (poll ${base}/api/push/status?jobId=${jobId})\n`);
          return 0;
        }
        const bar = progress('pushing');
        let job: { state: string; progress: number; result: PushOutcome | null; error: string | null };
        for (;;) {
          job = await api(base, `/api/push/status?jobId=${encodeURIComponent(jobId)}`);
          bar.update(job.progress ?? 0, 100);
          if (job.state === 'done' || job.state === 'failed') break;
          await sleep(300);
        }
        bar.done();
        if (job.state === 'failed' || !job.result) {
          if (values.json) io.out(`${JSON.stringify({ ok: false, format: answer.format, warnings: answer.warnings, error: job.error })}\n`);
          throw new CliError(`push failed: ${job.error ?? 'no outcome'}`);
        }
        if (values.json) io.out(`${JSON.stringify({ ok: true, format: answer.format, warnings: answer.warnings, outcome: job.result })}\n`);
        else printOutcome(answer.format, job.result, answer.warnings);
        return 0;
      },
      args,
    ),
};

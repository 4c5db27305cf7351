/**
 * Import timing of real specs through the API (issue 21): Stripe, GitHub, Kubernetes and Train Travel, each
 * uploaded as the import dialog does (multipart) into a new application of the built server on a fresh SQLite
 * file, timed from the upload to the job's end, with the job's own phases and the load average at the start.
 *   npm run build && node --import tsx bench/import-specs.bench.ts   (or `npm run bench -- import-specs`)
 * Env: TRAIN_TRAVEL_SPEC (Train Travel's openapi.yaml, default bench/out/train-travel.yaml; not in this repository
 * because of its licence: skipped when absent), STRIPE_SPEC, GITHUB_SPEC, KUBERNETES_SPEC.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, startHarness } from '../e2e/harness.js';
import { benchProject, importSpec, readSpec } from './lib/import-spec.js';

const FIXTURES = join(ROOT, 'apps/server/test/fixtures/openapi');
const SPECS: [string, string][] = [
  ['Stripe', process.env.STRIPE_SPEC ?? join(FIXTURES, 'stripe-spec3.yaml.gz')],
  ['GitHub', process.env.GITHUB_SPEC ?? join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json')],
  ['Kubernetes', process.env.KUBERNETES_SPEC ?? join(FIXTURES, 'kubernetes-swagger.json.gz')],
  ['Train Travel', process.env.TRAIN_TRAVEL_SPEC ?? join(ROOT, 'bench/out/train-travel.yaml')],
];

export async function run(): Promise<void> {
  const h = await startHarness({ prefix: 'bench' });
  const rows: string[] = [];
  try {
    for (const [name, file] of SPECS) {
      if (!existsSync(file)) {
        rows.push(`| ${name} | (${file} not found: skipped) | | | | |`);
        continue;
      }
      const text = readSpec(file);
      const projectId = await benchProject(h, name);
      const load = loadavg()[0];
      const r = await importSpec(h, projectId, name, text, file);
      const t = r.timings;
      const phases = t ? `${(t.fetch / 1000).toFixed(2)} / ${(t.convert / 1000).toFixed(2)} / ${(t.merge / 1000).toFixed(2)}` : '-';
      rows.push(
        `| ${name} | ${text.length >= 1048576 ? `${(text.length / 1048576).toFixed(1)} MB` : `${Math.ceil(text.length / 1024)} KB`} | ${r.docs} | ${(r.ms / 1000).toFixed(1)} | ${phases} | ${load.toFixed(1)} |`,
      );
    }
  } finally {
    await h.stop();
  }
  console.log('\nImport through the API (built server, SQLite file): upload → job done, one run each\n');
  console.log('| spec | size | docs | upload → done s | job: read / convert / merge s | load average at start |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

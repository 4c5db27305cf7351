// Bundles the server (own code and @folio/shared) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  // The mock sandbox, heavy one-off tasks (lib/offload.ts) and the SQLite read workers (db/sqlite-read-workers.ts)
  // run on worker threads: their entries are built next to main.js (dist/modules/mock/, dist/lib/, dist/db/).
  entryPoints: [
    'src/main.ts',
    'src/migrate.ts',
    'src/cli/main.ts',
    'src/modules/mock/sandbox-worker.ts',
    'src/lib/offload-worker.ts',
    'src/db/sqlite-read-worker.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@folio/shared': '../../packages/shared/src/index.ts',
    '@folio/shared/markdown': '../../packages/shared/src/description-markdown.ts',
  },
  logLevel: 'warning',
});
console.log('server built into apps/server/dist');

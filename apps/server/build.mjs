// Bundles the server (own code and @folio/shared) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  // The mock sandbox runs on worker threads: its entry is built next to main.js (dist/modules/mock/).
  entryPoints: ['src/main.ts', 'src/migrate.ts', 'src/cli/main.ts', 'src/modules/mock/sandbox-worker.ts'],
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

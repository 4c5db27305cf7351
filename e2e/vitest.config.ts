/** Browser flows (Playwright-core + Debian's Chromium) against the built server on a fresh SQLite file. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@folio/shared': new URL('../packages/shared/src/index.ts', import.meta.url).pathname } },
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // One server and one browser per file; files run one after the other (2 cores shared).
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});

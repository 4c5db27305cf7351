/** Browser flows (Playwright-core + Debian's Chromium) against the built server on a fresh SQLite file. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      // The more specific entry first: aliases match by prefix, in order (as in the root vitest.config.ts).
      '@folio/shared/markdown': new URL('../packages/shared/src/description-markdown.ts', import.meta.url).pathname,
      '@folio/shared': new URL('../packages/shared/src/index.ts', import.meta.url).pathname,
    },
  },
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    // A failing test prints the server's log tail and the browser's failed API calls.
    setupFiles: ['e2e/setup.ts'],
    environment: 'node',
    // One server and one browser per file; files run one after the other (2 cores shared).
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    // expect.poll gives up after 1 s by default: too short for a click, a server write and a toast on a loaded
    // 2-core machine (a restore's "Version restored" was missed this way). A poll still ends as soon as it holds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});

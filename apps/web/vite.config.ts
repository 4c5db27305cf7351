import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes name.br and name.gz beside every built text file over 1 KB; the server sends them as they are. */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'folio-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|map)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Lets index.html fetch the reading pages' chunk beside the entry (a modulepreload link) rather than after the
 * entry has been fetched and run: a deep link's page code then arrives with the entry. Other pages import
 * that chunk too (the reader's shared components live in it), so none fetches it for nothing.
 */
function preloadReader(): Plugin {
  return {
    name: 'folio-preload-reader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'reader');
        if (!chunk) return [];
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadReader()],
  resolve: { alias: { '@folio/shared': new URL('../../packages/shared/src/index.ts', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:7700', '/mock': 'http://localhost:7700' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // Everything the entry imports statically is one chunk (the entry used to be 23 files, half of them under
    // 1 KB): HTTP/1.1 gives a page six connections, and the deep link's API calls queued behind those requests.
    // The reading pages and everything they import that the entry does not are one more chunk: a deep link's doc
    // waited for the last of its page's 19 files (its module graph runs only when every file is in).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'reader', test: /src[\\/]features[\\/](view[\\/]preview-page|share[\\/]share-page)\.tsx$/ },
          ],
        },
      },
    },
  },
});

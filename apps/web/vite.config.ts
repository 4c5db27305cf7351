import { createHash } from 'node:crypto';
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

/** The reading pages a deep link opens (first path segment → the page's module). */
const DEEP_LINK_PAGES: [string, string][] = [
  ['/view', 'features/view/preview-page.tsx'],
  ['/share', 'features/share/share-page.tsx'],
  ['/show', 'features/compose/show-page.tsx'],
];

/**
 * A deep link to a reading page fetches the page's code with the app's own (one wave, not two): a small classic
 * script, loaded from index.html before the entry, adds preload links for the page's chunks and their CSS (the
 * chunks the entry already preloads left out). Without it they were asked for only once the entry had run.
 */
function deepLinkPreload(): Plugin {
  return {
    name: 'folio-deep-link-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      // What index.html already loads: the entry, its static imports (transitively) and their CSS.
      const known = new Set<string>();
      const load = (name: string) => {
        if (known.has(name)) return;
        known.add(name);
        const c = byName.get(name);
        for (const css of c?.viteMetadata?.importedCss ?? []) known.add(css);
        for (const i of c?.imports ?? []) load(i);
      };
      load(entry.fileName);
      const pages: [string, string[]][] = [];
      for (const [prefix, module] of DEEP_LINK_PAGES) {
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${module}`));
        if (!page) continue;
        const files: string[] = [];
        const seen = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          const c = byName.get(name);
          if (!c) return;
          if (!known.has(name)) files.push(name);
          for (const css of c.viteMetadata?.importedCss ?? []) {
            if (seen.has(css) || known.has(css)) continue;
            seen.add(css);
            files.push(css);
          }
          for (const i of c.imports) visit(i);
        };
        visit(page.fileName);
        pages.push([prefix, files]);
      }
      const source = `(function () {
  var p = location.pathname, pages = ${JSON.stringify(pages)};
  for (var i = 0; i < pages.length; i++) {
    var prefix = pages[i][0];
    if (p === prefix || p.indexOf(prefix + '/') === 0) {
      pages[i][1].forEach(function (f) {
        var l = document.createElement('link');
        var css = f.slice(-4) === '.css';
        l.rel = css ? 'preload' : 'modulepreload';
        if (css) l.as = 'style';
        l.crossOrigin = '';
        l.href = '/' + f;
        document.head.appendChild(l);
      });
      return;
    }
  }
})();
`;
      const fileName = `assets/deep-links-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const text = String(html.source);
      const at = text.indexOf('<script type="module"');
      if (at < 0) return;
      html.source = `${text.slice(0, at)}<script src="/${fileName}"></script>\n    ${text.slice(at)}`;
    },
  };
}

export default defineConfig({
  plugins: [react(), deepLinkPreload(), precompress()],
  resolve: { alias: { '@folio/shared': new URL('../../packages/shared/src/index.ts', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:7700', '/mock': 'http://localhost:7700' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000 },
});

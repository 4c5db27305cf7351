import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@folio/shared': new URL('../../packages/shared/src/index.ts', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:7700', '/mock': 'http://localhost:7700' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000 },
});

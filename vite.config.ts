import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { webBuild } from './scripts/support/webBuild';

/** The Node server (npm start) that serves /config.json and the API; the dev server proxies to it. */
const API_SERVER = process.env.VIGIL_API_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), webBuild()],
  // Stories and unit tests read the fake API, harness and builders as `@test-support/…` (tsconfig.json paths).
  resolve: { alias: { '@test-support': fileURLToPath(new URL('./tests/support', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: false },
      '/config.json': { target: API_SERVER, changeOrigin: false },
    },
  },
  // Maps for decoding error reports; 'hidden' keeps browsers from fetching them.
  build: { outDir: 'dist', sourcemap: 'hidden' },
});

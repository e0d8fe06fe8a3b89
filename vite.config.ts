import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { nativeSrpMaths } from './scripts/support/nativeSrpMaths';
import { preloadChunks, webBuild } from './scripts/support/webBuild';

/** Modules under `node_modules/<name>/` (or the file `node_modules/<name>.js`), for each name or path. */
const packages = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})([\\\\/]|\\.js$)`);

/**
 * Libraries in a few chunks by who needs them, instead of the dozens of small shared chunks the automatic
 * split makes: the server speaks HTTP/1.1, six requests at a time, so each extra wave of small files costs
 * a round trip (60 ms on the throttled profile). React is needed by every screen (index.html preloads it);
 * Amplify by the sign-in form and the app; MUI and react-admin by the app only (the form is Amplify UI's
 * and plain markup: issue 35, item 5); Amplify UI by the form only. A group takes the modules it depends on
 * too, so a library both sides use (lodash) gets a group of its own, first.
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: packages('react', 'react-dom', 'scheduler'), priority: 60 },
  { name: 'lodash', test: packages('lodash'), priority: 50 },
  {
    name: 'mui',
    test: packages('@mui', '@emotion', 'stylis', 'react-transition-group', '@popperjs'),
    priority: 40,
  },
  {
    name: 'amplify',
    test: packages('aws-amplify', '@aws-amplify/core', '@aws-amplify/auth', '@aws-crypto', '@smithy'),
    priority: 30,
  },
  {
    name: 'amplify-ui',
    test: packages(
      '@aws-amplify/ui',
      '@aws-amplify/ui-react',
      '@aws-amplify/ui-react-core',
      'xstate',
      'qrcode',
    ),
    priority: 20,
  },
  {
    name: 'react-admin',
    test: packages(
      'react-admin',
      'ra-[a-z0-9-]+',
      'react-router',
      'react-router-dom',
      '@tanstack',
      'react-hook-form',
    ),
    priority: 10,
  },
];

/** The Node server (npm start) that serves /config.json and the API; the dev server proxies to it. */
const API_SERVER = process.env.VIGIL_API_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [nativeSrpMaths(), react(), preloadChunks(['react']), webBuild()],
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
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
});

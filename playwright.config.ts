import { defineConfig } from '@playwright/test';
import { E2E_PORT } from './tests/e2e/support/constants';

/**
 * End-to-end tests drive the built app in Debian's Chromium; the global setup starts one server per worker
 * and each worker reads this file again with its own TEST_PARALLEL_INDEX, so `baseURL` is its own server.
 * Against one outside server (E2E_BASE_URL) the stories run one at a time.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.E2E_BASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A limit for a story that hangs, not a measure of speed: a story that walks every page takes minutes, and
  // twice as long on a machine whose cores are busy with other work. No story sets its own.
  timeout: 900_000,
  // How long an expectation waits for the page to show what it expects (a busy machine renders slowly).
  expect: { timeout: 30_000 },
  reporter: [['list']],
  globalSetup: './tests/e2e/globalSetup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});

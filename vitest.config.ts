import { availableParallelism } from 'node:os';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Rules, helpers and providers: plain Node, no DOM to build for each file. Mutation testing runs only these. */
export const unitProject: TestProjectInlineConfiguration = {
  extends: './vite.config.ts',
  test: {
    name: 'unit',
    environment: 'node',
    include: ['tests/unit/**/*.test.ts'],
    // A limit for a test that hangs, not a measure of speed: a few tests compare 1024-bit arithmetic with
    // Amplify's own over several runs, which takes seconds when both cores are busy.
    testTimeout: 120_000,
  },
};

/** What every component file runs with. */
const componentTests = {
  environment: 'jsdom',
  // The API's document, built from the server's routes, against which the fake API's answers are checked.
  globalSetup: ['tests/unit/globalSetup.ts'],
  setupFiles: ['tests/unit/setup.ts'],
  unstubGlobals: true,
  // A limit for a test that hangs, not a measure of speed: the waits in the tests end when the page
  // shows what they expect (setup.ts), however long a busy machine takes to get there.
  testTimeout: 300_000,
  // The same for a file's setup (a lazy chunk loaded before its tests).
  hookTimeout: 300_000,
} satisfies TestProjectInlineConfiguration['test'];

/**
 * Component files that replace a module of the app (`vi.mock`) or set the process's time zone: each gets a
 * module graph of its own, since a module already loaded by an earlier file would not see the replacement.
 */
const COMPONENT_FILES_ON_THEIR_OWN = [
  'tests/unit/listFilters.test.tsx',
  'tests/unit/oneClock.test.tsx',
  'tests/unit/selfChecksProgress.test.tsx',
];

/**
 * The unit and API files run together, one file more at a time than there are cores: an API file spends a
 * third of its time waiting (on PostgreSQL, on its servers' timers and sockets), which the extra file fills
 * (measured on two cores: 1.3 cores busy with a file per core, 1.7 with one more). Projects with their own number of workers need a group of
 * their own: this one runs after the components and stories when every project runs at once.
 */
const nodeFiles = { maxWorkers: availableParallelism() + 1, sequence: { groupOrder: 1 } };

export default defineConfig({
  test: {
    // Vitest runs one file fewer than there are cores at a time (one on a 2-core machine); the component
    // and API tests do not share state (each API worker has its own PostgreSQL database), so every core runs one.
    maxWorkers: availableParallelism(),
    projects: [
      { ...unitProject, test: { ...unitProject.test, ...nodeFiles } },
      // Components, rendered with Testing Library in jsdom. The files of a worker share one module graph
      // (React, MUI, react-admin and the setup's imports are loaded once, not once per file: half the time),
      // so a file must leave nothing behind: globals it stubs are restored after each test (`unstubGlobals`).
      {
        extends: './vite.config.ts',
        test: {
          ...componentTests,
          name: 'components',
          include: ['tests/unit/**/*.test.tsx'],
          exclude: COMPONENT_FILES_ON_THEIR_OWN,
          isolate: false,
        },
      },
      {
        extends: './vite.config.ts',
        test: { ...componentTests, name: 'components-isolated', include: COMPONENT_FILES_ON_THEIR_OWN },
      },
      // Every story rendered in Debian's Chromium (never a downloaded browser) and checked with axe: a story
      // that throws, fails its play function or has an accessibility violation fails.
      {
        extends: './vite.config.ts',
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          // The story files run one after another in one page of the browser, which loads the app's modules,
          // React, MUI and react-admin once (268 → 178 s on two cores); every story mounts and unmounts its own.
          isolate: false,
          // A whole-app story loads its page's code in the browser first; the check that it has settled
          // (.storybook/preview.tsx) gives up after 30 s.
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          ...nodeFiles,
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // A worker's files share one module graph: the server's modules are loaded once per worker, not once
          // per file (seconds each). Every file starts its own servers on its own copy of the database.
          isolate: false,
          globalSetup: ['tests/api/globalSetup.ts'],
          // Each worker's own PostgreSQL database (`<TEST_DATABASE_URL's>_w<n>`), so files run side by side.
          setupFiles: ['tests/api/setup.ts'],
          // A limit for a test that hangs, not a measure of speed: with two files at once on a machine whose
          // cores are busy with other work too, a test that walks every route takes minutes.
          testTimeout: 300_000,
          // The same for a file's servers and data, started before its tests (over 120 s once in a slow run).
          hookTimeout: 300_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { unitProject } from './vitest.config';

// Mutation testing (stryker.config.mjs) runs each mutant against the unit tests of the rules only: the
// component, API and end-to-end tests are far slower and do not test these modules line by line, and the
// unit tests of the browser's providers and the server's setup, which reach the rules too, load react-admin
// or the server again for each mutant. Each test file keeps its own module cache (vitest's default), so a
// mutant in a table built when its module loads is in force for the tests that check that table.
const notRules = [
  'dataProvider',
  'authProvider',
  'queryDefaults',
  'timeLogCorrectionLoop',
  'config',
  'accessAudit',
];

export default defineConfig({
  test: {
    projects: [
      {
        ...unitProject,
        test: {
          ...unitProject.test,
          exclude: notRules.map((name) => `tests/unit/${name}.test.ts`),
        },
      },
    ],
  },
});

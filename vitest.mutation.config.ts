import { defineConfig } from 'vitest/config';
import { unitProject } from './vitest.config';

// Mutation testing (stryker.config.mjs) runs each mutant against the unit tests of the rules only: the
// component, API and end-to-end tests are far slower and do not test these modules line by line, and the
// unit tests of the browser's providers and the server's setup, which reach the rules too, load react-admin
// or the server again for each mutant. The rules hold no module state, so the test files share one module
// cache instead of loading it again for each mutant.
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
          isolate: false,
        },
      },
    ],
  },
});

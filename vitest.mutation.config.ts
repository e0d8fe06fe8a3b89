import { defineConfig } from 'vitest/config';
import { unitProject } from './vitest.config';

// Mutation testing (stryker.config.mjs) runs each mutant against the unit tests of the rules only: the
// component, API and end-to-end tests are far slower and do not test these modules line by line. The rules
// hold no module state, so the test files share one module cache instead of loading it again for each mutant.
export default defineConfig({
  test: { projects: [{ ...unitProject, test: { ...unitProject.test, isolate: false } }] },
});

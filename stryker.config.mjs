// Mutation testing (npm run test:mutation): changes the rules one small edit at a time and checks that a unit
// test fails for each change. Not part of npm test: it takes minutes.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Only the node `unit` project: the component, API and end-to-end tests do not run under mutation.
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // The domain rules, and the contract modules that hold rules shared by the browser and the server. The
  // other contract modules are zod schemas and constants, checked by the API tests, not by unit tests.
  mutate: [
    'server/domain/**/*.ts',
    'contract/acnsRules.ts',
    'contract/attentionText.ts',
    'contract/billingMonths.ts',
    'contract/calendar.ts',
    'contract/callOrder.ts',
    'contract/caseDeletion.ts',
    'contract/caseLists.ts',
    'contract/caseLoad.ts',
    'contract/clientRules.ts',
    'contract/electrodes.ts',
    'contract/frozenLines.ts',
    'contract/hours.ts',
    'contract/notifications.ts',
    'contract/ownWork.ts',
    'contract/people.ts',
    'contract/recordRules.ts',
    'contract/reportsDue.ts',
    'contract/roles.ts',
    'contract/signing.ts',
    'contract/turnaroundRules.ts',
  ],
  // No TypeScript checker: TypeScript 7 has no JavaScript API for it to load.
  checkers: [],
  // Stryker rewrites the tsconfig's `extends` and `references` for its sandbox with TypeScript's JavaScript API,
  // which TypeScript 7 lacks; ours has neither, so it names no file and the sandbox keeps tsconfig.json as is.
  tsconfigFile: '',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html'],
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  thresholds: { high: 95, low: 90, break: null },
};

import type { TestProject } from 'vitest/node';
import type { ApiDocument } from '../support/documentedAnswers';
import { apiDocument } from './support/apiDocument';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What each API call answers on success, for checking the fake API's answers. */
    apiDocument: ApiDocument;
  }
}

/** The API's document, built once per run (~2 s) rather than in every component file. */
export default async function setup(project: TestProject) {
  const { paths } = await apiDocument();
  // Only the success answers: the fakes' errors are thrown, not answered, and the rest would be sent to every file.
  const successes = Object.fromEntries(
    Object.entries(paths).map(([route, operations]) => [
      route,
      Object.fromEntries(
        Object.entries(operations).map(([method, { responses = {} }]) => [
          method,
          {
            responses: Object.fromEntries(
              Object.entries(responses).filter(([status]) => status.startsWith('2')),
            ),
          },
        ]),
      ),
    ]),
  );
  project.provide('apiDocument', { paths: successes });
}

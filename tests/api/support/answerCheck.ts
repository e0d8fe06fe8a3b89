import SwaggerParser from '@apidevtools/swagger-parser';
import { type ApiDocument, type DocumentedAnswer, documentedAnswers } from '../../support/documentedAnswers';

/**
 * Checks every answer of a test server against the OpenAPI document that server publishes (DESIGN §5):
 * the answers are recorded as they are sent and checked when the server closes, so a route whose answers
 * drift from its document fails the test file that called it.
 */
export function answerChecker(apiBaseUrl: string) {
  const answers: DocumentedAnswer[] = [];
  return {
    observe: (answer: DocumentedAnswer) => {
      answers.push(answer);
    },
    /** Every recorded answer that its route's documented schema for that status refuses, in words. */
    async problems(api: string): Promise<string[]> {
      if (answers.length === 0) return [];
      const raw = await (await fetch(`${api}/docs/json`)).json();
      const documented = documentedAnswers((await SwaggerParser.dereference(raw)) as unknown as ApiDocument);
      const found: string[] = [];
      for (const answer of answers) {
        const route =
          answer.route
            .slice(apiBaseUrl.length)
            .replace(/:(\w+)/g, '{$1}')
            .replace(/\/$/, '') || '/';
        // A route the document hides (the document itself, its UI) is not checked.
        if (!documented.isDocumented(answer.method, route)) continue;
        const problem = documented.problemOf({ ...answer, route });
        if (problem) found.push(problem);
      }
      answers.length = 0;
      return [...new Set(found)];
    },
  };
}

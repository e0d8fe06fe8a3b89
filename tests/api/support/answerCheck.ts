import SwaggerParser from '@apidevtools/swagger-parser';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Answer = { method: string; route: string; status: number; payload: unknown };
type Document = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
  >;
};

/**
 * Checks every answer of a test server against the OpenAPI document that server publishes (DESIGN §5):
 * the answers are recorded as they are sent and checked when the server closes, so a route whose answers
 * drift from its document fails the test file that called it.
 */
export function answerChecker(apiBaseUrl: string) {
  const answers: Answer[] = [];
  return {
    observe: (answer: Answer) => {
      answers.push(answer);
    },
    /** Every recorded answer that its route's documented schema for that status refuses, in words. */
    async problems(api: string): Promise<string[]> {
      if (answers.length === 0) return [];
      const raw = await (await fetch(`${api}/docs/json`)).json();
      const document = (await SwaggerParser.dereference(raw)) as unknown as Document;
      const ajv = new Ajv2020({ strict: false, allErrors: false });
      addFormats(ajv);
      const compiled = new Map<string, ValidateFunction | null | undefined>();
      const validatorFor = ({ method, route, status }: Answer) => {
        const key = `${method} ${route} ${status}`;
        if (!compiled.has(key)) {
          const path =
            route
              .slice(apiBaseUrl.length)
              .replace(/:(\w+)/g, '{$1}')
              .replace(/\/$/, '') || '/';
          const operation = document.paths[path]?.[method.toLowerCase()];
          const schema = operation?.responses?.[String(status)]?.content?.['application/json']?.schema;
          // A route the document hides (the document itself, its UI) is not checked.
          compiled.set(key, !operation ? undefined : schema ? ajv.compile(schema) : null);
        }
        return compiled.get(key);
      };
      const found: string[] = [];
      for (const answer of answers) {
        const validate = validatorFor(answer);
        if (validate === null) {
          found.push(
            `${answer.method} ${answer.route} answered ${answer.status}, which its document does not declare`,
          );
        } else if (validate && !validate(answer.payload)) {
          found.push(`${answer.method} ${answer.route} ${answer.status}: ${ajv.errorsText(validate.errors)}`);
        }
      }
      answers.length = 0;
      return [...new Set(found)];
    },
  };
}

import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Responses = Record<string, { content?: Record<string, { schema?: object }> }>;
/** The parts of the API's OpenAPI document (`$ref`s resolved) that say what each call answers. */
export type ApiDocument = { paths: Record<string, Record<string, { responses?: Responses }>> };

/** One answer of the API: its route as the document writes it (`/clients/{id}`), status and JSON body. */
export type DocumentedAnswer = { method: string; route: string; status: number; payload: unknown };

/**
 * Checks answers against the schema the API's document declares for their route and status (DESIGN §5),
 * compiling each schema once. The document is built from the routes' own zod schemas, so the real API's
 * answers (API tests) and the fake API's (component tests) are held to the same contract.
 */
export function documentedAnswers(document: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction | null>();
  const validatorFor = ({ method, route, status }: DocumentedAnswer) => {
    const key = `${method} ${route} ${status}`;
    if (!compiled.has(key)) {
      const schema =
        document.paths[route]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.[
          'application/json'
        ]?.schema;
      compiled.set(key, schema ? ajv.compile(schema) : null);
    }
    return compiled.get(key);
  };
  return {
    isDocumented: (method: string, route: string) => Boolean(document.paths[route]?.[method.toLowerCase()]),
    /** The statuses of 200–299 the route declares. */
    successStatuses: (method: string, route: string) =>
      Object.keys(document.paths[route]?.[method.toLowerCase()]?.responses ?? {})
        .map(Number)
        .filter((status) => status >= 200 && status < 300),
    /** What is wrong with an answer of a documented route, in words; undefined when nothing is. */
    problemOf(answer: DocumentedAnswer): string | undefined {
      const validate = validatorFor(answer);
      const call = `${answer.method} ${answer.route}`;
      if (!validate) return `${call} answered ${answer.status}, which its document does not declare`;
      if (validate(answer.payload)) return undefined;
      // Each failing place once, an unknown field by its name (ajv's own text leaves it out).
      const errors = (validate.errors ?? []).map(({ instancePath, message, params }) => {
        const extra = 'additionalProperty' in params ? ` '${params.additionalProperty}'` : '';
        return `answer${instancePath} ${message}${extra}`;
      });
      return `${call} ${answer.status}: ${[...new Set(errors)].join(', ')}`;
    },
  };
}

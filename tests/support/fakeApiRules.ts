import { HttpError } from 'react-admin';
import type { z } from 'zod';
import { DEFAULT_PER_PAGE } from '../../contract/list';
import { type ApiResult, toHttpError } from '../../src/dataProvider/httpClient';

/** What every fake endpoint shares with the real API: validation, errors and list queries (DESIGN §5). */

export type Row = Record<string, unknown>;
export type Result = { data: unknown; total?: number };

export interface FakeRequest {
  method: string;
  path: string;
  query?: Row;
  body?: unknown;
}

/** Looks at each answer of the fake API before the app gets it: tests check it against the API's contract. */
export type AnswerCheck = (request: FakeRequest, answer: Result) => void;

let answerCheck: AnswerCheck | undefined;

/** Component tests install the contract's check (their setup file); stories run without one. Gives the previous. */
export function checkFakeAnswersWith(check: AnswerCheck | undefined): AnswerCheck | undefined {
  const previous = answerCheck;
  answerCheck = check;
  return previous;
}

/** The one way out of the fake API for an answer: through the installed check, then to the app. */
export function answered<T>(request: FakeRequest, answer: Result): ApiResult<T> {
  answerCheck?.(request, answer);
  return answer as ApiResult<T>;
}

/** The body parsed by a contract schema, or the API's 400 with every field that failed. */
export function validate<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields = result.error.issues.map(({ path, message }) => ({ field: path.join('.'), message }));
  throw toHttpError(400, { error: `Invalid ${fields.map((field) => field.field).join(', ')}`, fields });
}

export const conflict = (message: string) => toHttpError(409, { success: false, error: message });

export const raiseNotFound = (): never => {
  throw new HttpError('Not Found', 404);
};

/** The API's list query: `sort`, `order`, `page`, `perPage` over in-memory rows. */
export function page(rows: readonly Row[], query: Row = {}, defaultSort = 'id'): Result {
  const sort = String(query.sort ?? defaultSort);
  const direction = query.order === 'DESC' ? -1 : 1;
  const compare = (a: Row, b: Row) =>
    String(a[sort]).localeCompare(String(b[sort]), 'en', { numeric: true }) * direction;
  const perPage = Number(query.perPage ?? DEFAULT_PER_PAGE);
  const start = (Number(query.page ?? 1) - 1) * perPage;
  return { data: [...rows].sort(compare).slice(start, start + perPage), total: rows.length };
}

export const now = () => new Date().toISOString();

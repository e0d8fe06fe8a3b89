import { HttpError } from 'react-admin';
import type { z } from 'zod';
import { DEFAULT_PER_PAGE } from '../../contract/list';
import { toHttpError } from '../../src/dataProvider/httpClient';

/** What every fake endpoint shares with the real API: validation, errors and list queries (DESIGN §5). */

export type Row = Record<string, unknown>;
export type Result = { data: unknown; total?: number };

export interface FakeRequest {
  method: string;
  path: string;
  query?: Row;
  body?: unknown;
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

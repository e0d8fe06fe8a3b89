import { z } from 'zod';
import { envelope } from './envelope';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from './pageSize';

export { DEFAULT_PER_PAGE, MAX_PER_PAGE };
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The query every list takes (DESIGN §5): `page`, `perPage`, `sort` (one of `sortFields`), `order`. */
export function listQuerySchema<const Field extends string>(
  sortFields: readonly [Field, ...Field[]],
  defaultSort: Field,
  defaultOrder: SortOrder = 'ASC',
) {
  return z.object({
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(MAX_PAGE, `Page must be at most ${MAX_PAGE}`)
      .default(1),
    perPage: z.coerce
      .number({ error: 'Per page must be a number' })
      .int('Per page must be a whole number')
      .min(1, `Per page must be between 1 and ${MAX_PER_PAGE}`)
      .max(MAX_PER_PAGE, `Per page must be between 1 and ${MAX_PER_PAGE}`)
      .default(DEFAULT_PER_PAGE),
    sort: z.enum(sortFields, { error: `Sort by one of: ${sortFields.join(', ')}` }).default(defaultSort),
    order: z.enum(SORT_ORDERS, { error: 'Order must be ASC or DESC' }).default(defaultOrder),
  });
}

export type ListQuery<Field extends string> = {
  page: number;
  perPage: number;
  sort: Field;
  order: SortOrder;
};

/** A page of a list: `{ success: true, data: [...], total }`, total counting every matching row. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return envelope(z.array(item)).extend({ total: z.number().int().nonnegative() });
}

import { z } from 'zod';
import { envelope } from './envelope';
import { decimalParam } from './fields';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from './pageSize';

export { DEFAULT_PER_PAGE, MAX_PER_PAGE };

const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The query every list takes (DESIGN §5): `page`, `perPage`, `sort` (one of `sortFields`), `order`. */
export function listQuerySchema<const Field extends string>(
  sortFields: readonly [Field, ...Field[]],
  defaultSort: Field,
  defaultOrder: SortOrder = 'ASC',
) {
  return z.object({
    page: decimalParam('Page', { max: MAX_PAGE }).default(1),
    perPage: decimalParam('Per page', { max: MAX_PER_PAGE }).default(DEFAULT_PER_PAGE),
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

import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, get, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';

/** Nothing entered: only empty values, as a row is when "Add" makes it. */
const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (typeof value === 'object' && Object.values(value).every(isBlank));

/**
 * Adding or removing a row of a list (react-hook-form's field array) checks the whole list: the row just
 * added (the last, still blank) is not told off for what it lacks before anyone had a chance to fill it.
 * Its errors come on blur of its fields or on save, like any other field's.
 */
const sparingNewRows =
  (resolver: Resolver<FieldValues>): Resolver<FieldValues> =>
  async (values, context, options) => {
    const result = await resolver(values, context, options);
    const [name, ...others] = options.names ?? [];
    const rows: unknown = name && others.length === 0 ? get(values, name) : undefined;
    const rowErrors: Record<string, unknown> | undefined = Array.isArray(rows)
      ? get(result.errors, name)
      : undefined;
    if (!name || !Array.isArray(rows) || !rowErrors) return result;
    const last: unknown = rows.at(-1);
    const spared = last && typeof last === 'object' && isBlank(last) ? String(rows.length - 1) : undefined;
    const kept = Object.entries(rowErrors).filter(([key]) => key !== spared);
    set(result.errors, name, kept.length ? Object.fromEntries(kept) : undefined);
    return result;
  };

/**
 * `<SimpleForm>` props that check a contract schema (the server's own rules and messages). `raw`: the form
 * submits what the user entered, not the schema's output, so each form's save still decides what it sends.
 *
 * `when`: 'typing' checks on change, on blur and on submit; 'leaving' checks a field when the user leaves
 * it or saves, then as they correct it (a long form is not marked red while it is being filled in).
 */
export const liveValidation = (schema: z.ZodType, when: 'typing' | 'leaving' = 'typing') =>
  ({
    // A form's values are always an object; some schemas are built at run time and typed only as `ZodType`.
    resolver: sparingNewRows(
      zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true }),
    ),
    mode: when === 'typing' ? 'all' : 'onTouched',
    reValidateMode: 'onChange',
  }) as const;

import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * `<SimpleForm>` props that check a contract schema (the server's own rules and messages) on change, on
 * blur and on submit. `raw`: the form submits what the user entered, not the schema's output, so each
 * form's save still decides what it sends.
 */
export const liveValidation = (schema: z.ZodType) =>
  ({
    // A form's values are always an object; some schemas are built at run time and typed only as `ZodType`.
    resolver: zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true }),
    mode: 'all',
    reValidateMode: 'onChange',
  }) as const;

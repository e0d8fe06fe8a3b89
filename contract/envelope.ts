import { z } from 'zod';

/** Every API response: `{ success, data?, total?, error?, fields? }` (DESIGN §5). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    total: z.number().int().nonnegative().optional(),
  });
}

const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * A write refused by a technologist's load limit (409, DESIGN §4): who would be over, the load they would
 * carry and the limit, and the technologists who could take the case within theirs, lightest load first.
 */
const loadRefusalSchema = z.object({
  name: z.string(),
  load: z.number().int(),
  limit: z.number().int(),
  takers: z.array(z.object({ username: z.string(), name: z.string(), load: z.number().int() })),
});
export type LoadRefusal = z.infer<typeof loadRefusalSchema>;

export const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  /** A refused case move (409): every unmet guard. */
  unmet: z.array(z.string()).optional(),
  overLoad: loadRefusalSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

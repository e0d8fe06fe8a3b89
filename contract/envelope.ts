import { z } from 'zod';

/** Every API response: `{ success, data?, total?, error?, fields? }` (DESIGN §5). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    total: z.number().int().nonnegative().optional(),
  });
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  /** A refused case move (409): every unmet guard. */
  unmet: z.array(z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = { success: true; data: T; total?: number } | ErrorEnvelope;

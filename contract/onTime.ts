import { z } from 'zod';

/**
 * How some deadlines were met (notifications, reports, critical calls): due = on time + late + overdue;
 * pending ones are not judged yet; `onTimePercent` is `onTime / due` in percent, null when none was due.
 */
export const onTimeTallySchema = z.object({
  due: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
  overdue: z.number().int(),
  pending: z.number().int(),
  onTimePercent: z.number().nullable(),
});

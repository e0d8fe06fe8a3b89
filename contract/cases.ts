import { z } from 'zod';
import { listQuerySchema } from './list';

/** The stages a case moves through (DESIGN §4); `assignments` is a list, not a stage. */
export const CASE_STAGES = ['intake', 'monitoring', 'preview', 'reviewed', 'closed'] as const;
export type CaseStage = (typeof CASE_STAGES)[number];

/** A case as a client's case list shows it; later issues add the clinical fields. */
export const caseSummarySchema = z.object({
  id: z.number().int(),
  caseNumber: z.string(),
  clientId: z.number().int(),
  stage: z.enum(CASE_STAGES),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const CASE_SORT_FIELDS = ['createdAt', 'caseNumber', 'stage'] as const;
export type CaseSortField = (typeof CASE_SORT_FIELDS)[number];
export const caseListQuerySchema = listQuerySchema(CASE_SORT_FIELDS, 'createdAt', 'DESC');

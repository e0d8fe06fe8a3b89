import { z } from 'zod';
import { type GenericRecordKind, RECORD_SHAPES } from '../../../../contract/caseRecords';
import { RECORD_RULES } from '../../../../contract/recordRules';
import { formatInZone } from '../../../dates';
import type { FieldSpec } from './recordDiff';

/** A void is part of an item's revisions like its fields. */
const VOID_FIELDS: readonly FieldSpec[] = [
  { field: 'voided', label: 'Voided' },
  { field: 'voidReason', label: 'Void reason' },
];

export const withVoidFields = (fields: readonly FieldSpec[]) => [...fields, ...VOID_FIELDS];

/** A date-time field of a difference, in the client's zone (DESIGN §4 one clock). */
export const momentField = (field: string, label: string, timeZone: string): FieldSpec => ({
  field,
  label,
  format: (value) => formatInZone(String(value), timeZone),
});

/** A field whose codes read as labels. */
export const labelledField = (field: string, label: string, labels: Record<string, string>): FieldSpec => ({
  field,
  label,
  format: (value) => labels[String(value)] ?? String(value),
});

/**
 * The rules of a whole item of one kind, as the server checks it: each field (RECORD_SHAPES) and the rules
 * across fields (RECORD_RULES), with the server's messages, on the fields they name.
 */
export function recordFormSchema(kind: GenericRecordKind): z.ZodObject {
  const shape: z.ZodObject = RECORD_SHAPES[kind];
  const rules = RECORD_RULES[kind];
  if (!rules) return shape;
  return shape.superRefine((fields, context) => {
    for (const { field, message } of rules(fields))
      context.addIssue({ code: 'custom', path: [field], message });
  });
}

/** The fields an item of this schema is written with, e.g. for picking a revision's changes. */
export const fieldNamesOf = (schema: z.ZodObject) => Object.keys(schema.shape);

/** The form's values, as the API takes them, checked by the kind's rules. */
export const formSchemaOf = (
  schema: z.ZodObject,
  toFields?: (values: Record<string, unknown>) => Record<string, unknown>,
) => (toFields ? z.preprocess((values) => toFields(values as Record<string, unknown>), schema) : schema);

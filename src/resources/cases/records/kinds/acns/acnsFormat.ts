import type { AcnsBackground, AcnsFindings, AcnsPattern, AcnsSeizure } from '../../../../../../contract/acns';
import {
  backgroundAbbreviation,
  patternAbbreviation,
  seizureAbbreviation,
} from '../../../../../../contract/acnsRules';
import { formatInZone } from '../../../../../dates';
import type { FieldSpec } from '../../recordDiff';

/** The structured findings of an interpretation, as the history and a conflict compare them. */
export const acnsFieldSpecs = (timeZone: string): FieldSpec[] => [
  {
    field: 'acnsBackground',
    label: 'Background (ACNS)',
    format: (value) => backgroundAbbreviation(value as AcnsBackground) || '—',
  },
  {
    field: 'patterns',
    label: 'Rhythmic and periodic patterns',
    format: (value) => (value as AcnsPattern[]).map(patternAbbreviation).join('; '),
  },
  {
    field: 'acnsSeizures',
    label: 'Seizures (ACNS)',
    format: (value) =>
      (value as AcnsSeizure[])
        .map((seizure) => seizureAbbreviation(seizure, (at) => formatInZone(at, timeZone)))
        .join('; '),
  },
  { field: 'seizureBurdenPercent', label: 'Seizure burden', format: (value) => `${value} %` },
];

/** The patterns and seizures in brief, for a list's cell: "LPD+F, frequent, 1 Hz; 2 × ESz". */
export function findingsInBrief(findings: AcnsFindings): string {
  const counts = new Map<string, number>();
  for (const seizure of findings.acnsSeizures)
    counts.set(seizure.class, (counts.get(seizure.class) ?? 0) + 1);
  const seizures = [...counts].map(([name, count]) => (count > 1 ? `${count} × ${name}` : name));
  return [...findings.patterns.map(patternAbbreviation), ...seizures].join('; ');
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '' || value === false;

/**
 * The form's ACNS values as the API takes them: a background with nothing said is no background, and
 * the booleans and lists a form leaves unset are sent as their empty values.
 */
export function acnsFromForm(values: Record<string, unknown>): Record<string, unknown> {
  const background = values.acnsBackground as Record<string, unknown> | null | undefined;
  const saysSomething = background && Object.values(background).some((value) => !isBlank(value));
  return {
    ...values,
    acnsBackground: saysSomething ? { ...background, pdrAbsent: background.pdrAbsent === true } : null,
    patterns: ((values.patterns as Record<string, unknown>[] | undefined) ?? []).map((pattern) => ({
      ...pattern,
      plus: pattern.plus ?? [],
      stimulusInduced: pattern.stimulusInduced === true,
    })),
    acnsSeizures: (values.acnsSeizures as unknown[] | undefined) ?? [],
  };
}

import type { Interval } from '../../../contract/hours';
import { minutesByMonth } from './months';

/**
 * A case's hours per local month of its client (DESIGN §4 "Hours and money"): billable hours are the union
 * of its billable logs, monitoring hours the union of all its logs, and a technologist's hours the union of
 * their own logs; billing-note adjustments are added to the month they name.
 */

export interface LogSpan extends Interval {
  technologist: string;
  billable: boolean;
}

export interface Adjustment {
  month: string;
  adjustMinutes: number;
}

export interface CaseMonth {
  month: string;
  billableMinutes: number;
  monitoringMinutes: number;
  adjustMinutes: number;
}

export interface TechnologistMonth {
  technologist: string;
  month: string;
  minutes: number;
}

/** A case's billable, monitoring and adjusted minutes per local month, months ascending. */
export function caseMonths(
  logs: readonly LogSpan[],
  adjustments: readonly Adjustment[],
  timeZone: string,
): CaseMonth[] {
  const monitoring = minutesByMonth(logs, timeZone);
  const billableLogs = logs.filter((log) => log.billable);
  // Most cases log only billable time: their billable minutes are their monitoring minutes, worked out once.
  // Stryker disable next-line ConditionalExpression: working the same logs out again gives the same minutes.
  const billable = billableLogs.length === logs.length ? monitoring : minutesByMonth(billableLogs, timeZone);
  const adjust = new Map<string, number>();
  for (const { month, adjustMinutes } of adjustments)
    adjust.set(month, (adjust.get(month) ?? 0) + adjustMinutes);

  const monthNames = [...new Set([...monitoring.keys(), ...adjust.keys()])].sort();
  return monthNames.map((month) => ({
    month,
    billableMinutes: billable.get(month) ?? 0,
    monitoringMinutes: monitoring.get(month) ?? 0,
    adjustMinutes: adjust.get(month) ?? 0,
  }));
}

/** Each technologist's minutes on a case per local month: the union of their own logs. */
export function technologistMonths(logs: readonly LogSpan[], timeZone: string): TechnologistMonth[] {
  const byTechnologist = new Map<string, LogSpan[]>();
  for (const log of logs) {
    const own = byTechnologist.get(log.technologist);
    if (own) own.push(log);
    else byTechnologist.set(log.technologist, [log]);
  }
  return [...byTechnologist].flatMap(([technologist, own]) =>
    [...minutesByMonth(own, timeZone)].map(([month, minutes]) => ({ technologist, month, minutes })),
  );
}

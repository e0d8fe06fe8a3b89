import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MonthRange } from '../../../../contract/billing';
import { lastMonths, rangeProblem } from './monthRange';

export interface MonthRangeState {
  /** The months as the URL has them, valid or not. */
  from: string;
  to: string;
  /** The range to report on; `undefined` while it is invalid, so nothing is fetched. */
  range: MonthRange | undefined;
  problem: string | undefined;
  setRange: (range: MonthRange) => void;
}

/**
 * The report's months, kept in the URL (`?from=2025-12&to=2026-11`) so a report can be shared and the back
 * button returns to the previous range; without them, the last 12 months.
 */
export function useMonthRange(): MonthRangeState {
  const [searchParams, setSearchParams] = useSearchParams();
  const fallback = lastMonths(12);
  const from = searchParams.get('from') ?? fallback.from;
  const to = searchParams.get('to') ?? fallback.to;
  const problem = rangeProblem({ from, to });
  const setRange = useCallback(
    (next: MonthRange) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set('from', next.from);
        params.set('to', next.to);
        return params;
      }),
    [setSearchParams],
  );
  return { from, to, range: problem ? undefined : { from, to }, problem, setRange };
}

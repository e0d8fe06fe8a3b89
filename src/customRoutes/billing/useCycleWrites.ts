import { useMutation } from '@tanstack/react-query';
import { type HttpError, type Identifier, useDataProvider, useNotify } from 'react-admin';
import type { BillingCycle } from '../../../contract/billing';
import type { AppDataProvider } from '../../dataProvider';
import { monthLabel } from './billingFormat';
import { useRefreshCycle } from './billingQueries';
import type { CycleMove } from './cycleMoves';

/** The message of a 400 about the rate itself, shown under the field rather than notified. */
export const rateFieldError = (error: HttpError | null): string | undefined =>
  (error?.body as { errors?: Record<string, string> } | undefined)?.errors?.rate;

/**
 * Sets a month's rate with the version it was loaded with (none for a month never stored). A refusal other
 * than a bad rate (409: closed meanwhile, or changed by someone else) is notified in the server's words;
 * the list is read again either way.
 */
export function useSetCycleRate(clientId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefreshCycle(clientId);
  return useMutation<BillingCycle, HttpError, { cycle: BillingCycle; rate: string }>({
    mutationFn: ({ cycle, rate }) =>
      dataProvider.setCycleRate(clientId, cycle.month, rate, cycle.version || undefined),
    onSuccess: (saved) =>
      notify(`Rate for ${monthLabel(saved.month)} set to ${saved.rate}`, { type: 'success' }),
    onError: (error) => {
      if (!rateFieldError(error)) notify(error.message, { type: 'error' });
    },
    onSettled: (_saved, _error, { cycle }) => refresh(cycle.month),
  });
}

/** Closes, invoices or reopens a month with the version it was loaded with. */
export function useSetCycleStatus(clientId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefreshCycle(clientId);
  return useMutation<BillingCycle, HttpError, { cycle: BillingCycle; move: CycleMove }>({
    mutationFn: ({ cycle, move }) =>
      dataProvider.setCycleStatus(clientId, cycle.month, move.to, cycle.version),
    onSuccess: (_saved, { move }) => notify(move.done, { type: 'success' }),
    onError: (error) => notify(error.message, { type: 'error' }),
    onSettled: (_saved, _error, { cycle }) => refresh(cycle.month),
  });
}

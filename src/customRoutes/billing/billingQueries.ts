import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type HttpError, type Identifier, useDataProvider } from 'react-admin';
import type { BillableHours, BillingCycle, MonthRange, Statement } from '../../../contract/billing';
import type { ChangedStatement } from '../../../contract/billingChanges';
import type { HoursSummary } from '../../../contract/hourReports';
import { API_PATHS } from '../../../contract/paths';
import type { AppDataProvider } from '../../dataProvider';
import { resourceOf } from '../../dataProvider/resourcePaths';

/** Keys named after the API paths, so a write can refresh exactly what it changed. */
const cyclesKey = (clientId: Identifier) => [resourceOf(API_PATHS.billingCycles(clientId))];
const statementKey = (clientId: Identifier, month: string) => [
  resourceOf(API_PATHS.billingCycle(clientId, month)),
];
const hoursSummaryKey = [resourceOf(API_PATHS.hoursSummary)];
const changedStatementsKey = [resourceOf(API_PATHS.changedStatements)];

/** Every client's hours, rate and status per month of `range`, summed by the server. */
export function useHoursSummary(range: MonthRange) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<HoursSummary, HttpError>({
    queryKey: [...hoursSummaryKey, range],
    queryFn: () => dataProvider.getHoursSummary(range),
  });
}

/** The closed or invoiced months of every client whose hours changed since they closed, newest first. */
export function useChangedStatements() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<ChangedStatement[], HttpError>({
    queryKey: changedStatementsKey,
    queryFn: () => dataProvider.getChangedStatements(),
  });
}

/** The client's months, newest first. */
export function useBillingCycles(clientId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<BillingCycle[], HttpError>({
    queryKey: cyclesKey(clientId),
    queryFn: () => dataProvider.getBillingCycles(clientId),
  });
}

/** A client's cases in one month as they are now (GET …/client/{clientId}/billable-hours?month=…). */
export function useBillableHours(clientId: Identifier, month: string | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<BillableHours, HttpError>({
    queryKey: [resourceOf(API_PATHS.billableHours(clientId)), month],
    queryFn: () => dataProvider.getBillableHours(clientId, month ?? ''),
    enabled: month !== undefined,
  });
}

export function useStatement(clientId: Identifier, month: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<Statement, HttpError>({
    queryKey: statementKey(clientId, month),
    queryFn: () => dataProvider.getStatement(clientId, month),
  });
}

/** After a write to a month: its cycle list, its statement and the billing home's lists read again. */
export function useRefreshCycle(clientId: Identifier) {
  const queryClient = useQueryClient();
  return (month: string) =>
    Promise.all(
      [cyclesKey(clientId), statementKey(clientId, month), hoursSummaryKey, changedStatementsKey].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

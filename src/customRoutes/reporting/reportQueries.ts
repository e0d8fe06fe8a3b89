import { skipToken, useQuery } from '@tanstack/react-query';
import { type HttpError, type Identifier, useDataProvider } from 'react-admin';
import type { MonthRange } from '../../../contract/billing';
import type { ClientHoursReport, HoursSummary, MonitoringHours } from '../../../contract/hourReports';
import { API_PATHS } from '../../../contract/paths';
import type { TurnaroundReport } from '../../../contract/turnaround';
import type { AppDataProvider } from '../../dataProvider';
import { resourceOf } from '../../dataProvider/resourcePaths';

/**
 * The reports, each cached under its API path and months. `range` is `undefined` while the months the user
 * typed are invalid: then nothing is fetched.
 */

/** Every client's billable hours and amounts per month, with the server's totals. */
export function useHoursSummary(range: MonthRange | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<HoursSummary, HttpError>({
    queryKey: [resourceOf(API_PATHS.hoursSummary), range],
    queryFn: range ? () => dataProvider.getHoursSummary(range) : skipToken,
  });
}

/** One client's billable hours, rate, amount and cycle status per month. */
export function useClientHoursReport(clientId: Identifier, range: MonthRange | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<ClientHoursReport, HttpError>({
    queryKey: [resourceOf(API_PATHS.clientHoursReport(clientId)), range],
    queryFn: range ? () => dataProvider.getClientHoursReport(clientId, range) : skipToken,
  });
}

/** Monitoring hours per client and technologist; with a client, per case too. */
export function useMonitoringHours(range: MonthRange | undefined, clientId?: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<MonitoringHours, HttpError>({
    queryKey: [resourceOf(API_PATHS.monitoringHours), range, clientId],
    queryFn: range ? () => dataProvider.getMonitoringHours({ ...range, clientId }) : skipToken,
  });
}

/** Orders and their turnaround per client, month and priority (DESIGN §4 turn 4). */
export function useTurnaround(range: MonthRange | undefined, clientId?: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<TurnaroundReport, HttpError>({
    queryKey: [resourceOf(API_PATHS.turnaround), range, clientId],
    queryFn: range ? () => dataProvider.getTurnaround({ ...range, clientId }) : skipToken,
  });
}

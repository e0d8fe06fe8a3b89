import type { Identifier } from 'react-admin';
import type { BillableHours, BillingCycle, CycleStatus, MonthRange, Statement } from '../../contract/billing';
import type { ChangedStatement } from '../../contract/billingChanges';
import type { Home, Home2 } from '../../contract/home';
import type { ClientHoursReport, HoursSummary, MonitoringHours } from '../../contract/hourReports';
import { API_PATHS } from '../../contract/paths';
import type { TurnaroundReport } from '../../contract/turnaround';
import type { HttpClient } from './httpClient';

/**
 * Billing, reports and home (DESIGN §8 "Billing and reports", "Home"). Every figure is summed by the
 * server; the browser only shows the strings it is sent (hours and money are never parsed as floats).
 */
export function billingMethods(httpClient: HttpClient) {
  const get = async <T>(path: string, query?: Record<string, string | undefined>) =>
    (await httpClient<T>(path, { query })).data;
  return {
    /** The caller's own work: stage counts, their active cases, their running time log. */
    getHome: () => get<Home>(API_PATHS.home),
    /** The operations board: monitoring cases with their checks, billable hours this and last month. */
    getHome2: () => get<Home2>(API_PATHS.home2),
    /** A client's cases in one month: billable time, adjustments, CPT codes. */
    getBillableHours: (clientId: Identifier, month: string) =>
      get<BillableHours>(API_PATHS.billableHours(clientId), { month }),
    /** Every month of the client from its first recording to now. */
    getBillingCycles: (clientId: Identifier) => get<BillingCycle[]>(API_PATHS.billingCycles(clientId)),
    /** Every client's closed or invoiced months whose hours differ from their frozen lines. */
    getChangedStatements: () => get<ChangedStatement[]>(API_PATHS.changedStatements),
    /** A month's statement; a closed cycle answers its frozen lines and what changed since. */
    getStatement: (clientId: Identifier, month: string) =>
      get<Statement>(API_PATHS.billingCycle(clientId, month)),
    /** Sets the month's hourly rate ("125.50"); 409 once the cycle is closed. */
    setCycleRate: async (clientId: Identifier, month: string, rate: string, version?: number) =>
      (
        await httpClient<BillingCycle>(API_PATHS.cycleRate(clientId, month), {
          method: 'POST',
          body: version ? { rate, version } : { rate },
        })
      ).data,
    /** Closes (freezing the lines), invoices or reopens the month; `version` is the one loaded. */
    setCycleStatus: async (clientId: Identifier, month: string, status: CycleStatus, version: number) =>
      (
        await httpClient<BillingCycle>(API_PATHS.cycleStatus(clientId, month), {
          method: 'POST',
          body: { status, version },
        })
      ).data,
    /** A client's billable hours and amounts per month. */
    getClientHoursReport: (clientId: Identifier, range: MonthRange) =>
      get<ClientHoursReport>(API_PATHS.clientHoursReport(clientId), range),
    /** Every client's billable hours and amounts per month, with totals. */
    getHoursSummary: (range: MonthRange) => get<HoursSummary>(API_PATHS.hoursSummary, range),
    /** Monitoring hours per client and technologist; with a client, per case too. */
    getMonitoringHours: (range: MonthRange & { clientId?: Identifier }) =>
      get<MonitoringHours>(API_PATHS.monitoringHours, {
        from: range.from,
        to: range.to,
        clientId: range.clientId === undefined ? undefined : String(range.clientId),
      }),
    /** Orders and their turnaround per client, month and priority, and the critical calls (DESIGN §4 turn 4). */
    getTurnaround: (range: MonthRange & { clientId?: Identifier }) =>
      get<TurnaroundReport>(API_PATHS.turnaround, {
        from: range.from,
        to: range.to,
        clientId: range.clientId === undefined ? undefined : String(range.clientId),
      }),
  };
}

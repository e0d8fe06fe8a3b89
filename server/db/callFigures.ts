import type { CallMonth } from '../../contract/callAttempts';
import { callMonths } from '../domain/callFigures';
import { clientNames, notifiableEvents } from './reports';
import type { DbOrTx } from './transaction';

/**
 * The critical calls per client and month of `from`..`to` (YYYY-MM, the clients' own months), optionally of
 * one client, sorted by client name then month: the `calls` part of the turnaround report.
 */
export async function callFigures(
  db: DbOrTx,
  from: string,
  to: string,
  clientId?: number,
  now = new Date(),
): Promise<CallMonth[]> {
  const events = await notifiableEvents(db, { clientId, from, to });
  const months = callMonths(events, now).filter((row) => row.month >= from && row.month <= to);
  const names = await clientNames(db, [...new Set(months.map((row) => row.clientId))]);
  return months
    .map((row) => ({ ...row, clientName: names.get(row.clientId)?.name ?? '' }))
    .sort((a, b) => a.clientName.localeCompare(b.clientName) || a.month.localeCompare(b.month));
}

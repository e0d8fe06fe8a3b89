import Chip from '@mui/material/Chip';
import type { RecordItem } from '../../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../../contract/cases';
import { type Notification, notificationNow } from '../../../../../contract/notifications';
import { useNow } from '../../../../useNow';
import { useCaseRecords } from '../recordQueries';
import { useRecordAccess } from '../useRecordAccess';
import { CallNextLine } from './CallNextLine';

/** How many of the case's live events wait for a notification, before and after their due time. */
function openNotifications(events: readonly RecordItem[], now: Date) {
  const counts = { pending: 0, overdue: 0 };
  for (const event of events) {
    const notification = event.notification as Notification | null | undefined;
    if (event.voided || !notification) continue;
    const { status } = notificationNow(notification, now);
    if (status === 'pending' || status === 'overdue') counts[status] += 1;
  }
  return counts;
}

/** "Notification overdue (2)" in red, "Notification pending" in amber: the header's and the board's flag. */
export const NotificationChip = ({ status, count }: { status: 'pending' | 'overdue'; count: number }) => (
  <Chip
    label={`Notification ${status}${count > 1 ? ` (${count})` : ''}`}
    size="small"
    color={status === 'overdue' ? 'error' : 'warning'}
  />
);

/**
 * The case header's flag: a notification the protocol asks for is pending (amber) or overdue (red), as the
 * clock stands; nothing for a caller who may not read the events.
 */
export const NotificationFlag = ({ details }: { details: CaseDetails }) => {
  const { canList } = useRecordAccess(details, 'events');
  const { data: events = [] } = useCaseRecords(details.id, 'events', canList);
  const { pending, overdue } = openNotifications(events, useNow());
  const next = callNextOf(events);
  const chip =
    overdue > 0 ? (
      <NotificationChip status="overdue" count={overdue} />
    ) : pending > 0 ? (
      <NotificationChip status="pending" count={pending} />
    ) : null;
  if (!next) return chip;
  return (
    <>
      {chip}
      <CallNextLine next={next} />
    </>
  );
};

/** After an unanswered critical call: the next contact whose call is due soonest, if any. */
function callNextOf(events: readonly RecordItem[]) {
  return events
    .flatMap((event) => {
      const notification = event.notification as Notification | null | undefined;
      if (event.voided || !notification?.nextContact || !notification.escalateBy) return [];
      return [{ ...notification.nextContact, escalateBy: notification.escalateBy }];
    })
    .sort((a, b) => Date.parse(a.escalateBy) - Date.parse(b.escalateBy))[0];
}

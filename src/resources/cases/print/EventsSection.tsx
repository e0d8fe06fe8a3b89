import type { CaseDetails } from '../../../../contract/cases';
import { ReportSection } from '../../../print/ReportSection';
import { ReportTable } from '../../../print/ReportTable';
import type { TimeFormat } from '../../../print/reportFormat';
import { useClientContacts } from '../../clients/contacts/useClientContacts';
import { attemptText } from '../records/kinds/attemptText';
import { EVENT_TYPE_LABELS } from '../records/kinds/events';
import { notificationText } from '../records/kinds/notificationText';
import type { RecordOf } from '../records/types';
import { RecordsGate } from './RecordsGate';
import { useRecordsOf } from './reportQueries';

type EventRecord = RecordOf<'events'>;

/**
 * The events in the order they happened, each with whom the monitoring service told and when; for those
 * the protocol covers, the notification's timeliness (DESIGN §4 "Notifications").
 */
export const EventsSection = ({ details, time }: { details: CaseDetails; time: TimeFormat }) => {
  const query = useRecordsOf(details.id, 'events');
  const { data: contacts } = useClientContacts(details.client.id);
  const contactName = (id: number) => contacts?.find((contact) => contact.id === id)?.name;
  const notified = (event: EventRecord) => {
    const { notification, notifiedContactId, notifiedAt } = event;
    // An event the protocol covers: whom, when, how long after, whether in time, and every call attempt.
    if (notification) {
      const text = notificationText(event, notification, time, contactName);
      if (notification.attempts.length === 0) return text;
      const attempts = notification.attempts.map((attempt) =>
        attemptText(attempt, (iso) => time(iso), contactName),
      );
      return `${text}. Call attempts: ${attempts.join('; ')}`;
    }
    if (notifiedContactId === null) return '—';
    const contact = contactName(notifiedContactId) ?? `Contact ${notifiedContactId}`;
    return notifiedAt ? `${contact}, ${time(notifiedAt)}` : contact;
  };
  return (
    <ReportSection title="Events">
      <RecordsGate query={query} noun="events" one="event">
        {(events) => (
          <ReportTable
            label="Events"
            head={['Time', 'Ended', 'Type', 'Description', 'Notified']}
            rows={events
              .toSorted((a, b) => a.occurredAt.localeCompare(b.occurredAt))
              .map((event) => ({
                key: event._id,
                cells: [
                  time(event.occurredAt),
                  time(event.endedAt),
                  EVENT_TYPE_LABELS[event.type],
                  event.description || '—',
                  notified(event),
                ],
              }))}
          />
        )}
      </RecordsGate>
    </ReportSection>
  );
};

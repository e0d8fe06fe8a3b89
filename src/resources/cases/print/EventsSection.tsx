import type { CaseDetails } from '../../../../contract/cases';
import { useClientContacts } from '../../clients/contacts/useClientContacts';
import { EVENT_TYPE_LABELS } from '../records/kinds/events';
import type { RecordOf } from '../records/types';
import { RecordsGate } from './RecordsGate';
import { ReportSection } from './ReportSection';
import { ReportTable } from './ReportTable';
import type { TimeFormat } from './reportFormat';
import { useRecordsOf } from './reportQueries';

type EventRecord = RecordOf<'events'>;

/** The events in the order they happened, each with whom the monitoring service told and when. */
export const EventsSection = ({ details, time }: { details: CaseDetails; time: TimeFormat }) => {
  const query = useRecordsOf(details.id, 'events');
  const { data: contacts } = useClientContacts(details.client.id);
  const notified = ({ notifiedContactId, notifiedAt }: EventRecord) => {
    if (notifiedContactId === null) return '—';
    const contact =
      contacts?.find(({ id }) => id === notifiedContactId)?.name ?? `Contact ${notifiedContactId}`;
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

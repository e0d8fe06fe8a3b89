import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { SelectInput, TextInput } from 'react-admin';
import type { EVENT_TYPES } from '../../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../../contract/cases';
import type { Contact } from '../../../../../contract/clients';
import { formatInZone } from '../../../../dates';
import { ZonedDateTimeInput } from '../../../../forms/ZonedDateTimeInput';
import { useClientContacts } from '../../../clients/contacts/useClientContacts';
import { choicesOf } from '../../caseLabels';
import { InputRow } from '../InputRow';
import type { FieldSpec } from '../recordDiff';
import { labelledField, momentField, recordFormSchema } from '../recordFields';
import { formatPeriod, thisMinute } from '../recordFormat';
import type { RecordKindView, RecordOf } from '../types';

type EventRecord = RecordOf<'events'>;

export const EVENT_TYPE_LABELS: Record<(typeof EVENT_TYPES)[number], string> = {
  seizure: 'Seizure',
  pushbutton: 'Push button',
  clinical: 'Clinical',
  medication: 'Medication',
  artifact: 'Artifact',
  'electrode-fix': 'Electrode fix',
  disconnect: 'Disconnect',
  notification: 'Notification',
  'status-epilepticus': 'Status epilepticus',
  'electrode-off': 'Electrode off',
};
const EVENT_TYPE_CHOICES = choicesOf(EVENT_TYPE_LABELS);

/** The select's empty choice is no contact at all. */
const noneIsNull = (value: unknown) => (value === '' ? null : value);

const contactText = ({ name, role }: Contact) => (role ? `${name}, ${role}` : name);

/** A contact of the client by name; one no longer listed by its id. */
const contactName = (contacts: readonly Contact[] | undefined, id: unknown) =>
  contacts?.find((contact) => contact._id === id)?.name ?? `Contact ${id}`;

/** Who was notified and when. */
const Notified = ({ event, details }: { event: EventRecord; details: CaseDetails }) => {
  const { data: contacts } = useClientContacts(details.client.id);
  if (event.notifiedContactId === null) return '—';
  return `${contactName(contacts, event.notifiedContactId)}, ${formatInZone(event.notifiedAt, details.client.timeZone)}`;
};

/** The fields of an event for its differences, the notified contact by name. */
function useEventFields(details: CaseDetails): readonly FieldSpec[] {
  const { data: contacts } = useClientContacts(details.client.id);
  return useMemo(
    () => [
      labelledField('type', 'Type', EVENT_TYPE_LABELS),
      momentField('occurredAt', 'Occurred at', details.client.timeZone),
      momentField('endedAt', 'Ended at', details.client.timeZone),
      { field: 'description', label: 'Description' },
      { field: 'notifiedContactId', label: 'Notified contact', format: (id) => contactName(contacts, id) },
      momentField('notifiedAt', 'Notified at', details.client.timeZone),
    ],
    [contacts, details.client.timeZone],
  );
}

const EventInputs = ({ details }: { details: CaseDetails }) => {
  const { data: contacts = [] } = useClientContacts(details.client.id);
  return (
    <>
      <SelectInput source="type" label="Type" choices={EVENT_TYPE_CHOICES} isRequired autoFocus />
      <InputRow>
        <ZonedDateTimeInput
          source="occurredAt"
          label="Occurred at"
          timeZone={details.client.timeZone}
          isRequired
        />
        <ZonedDateTimeInput source="endedAt" label="Ended at" timeZone={details.client.timeZone} />
      </InputRow>
      <TextInput source="description" label="Description" multiline minRows={3} />
      <InputRow>
        <SelectInput
          source="notifiedContactId"
          label="Notified contact"
          choices={contacts}
          optionText={contactText}
          emptyText="Nobody notified"
          parse={noneIsNull}
        />
        <ZonedDateTimeInput source="notifiedAt" label="Notified at" timeZone={details.client.timeZone} />
      </InputRow>
    </>
  );
};

/** Events: seizures, push-button presses, electrode fixes, …, and whom of the client's contacts was told. */
export const eventsView: RecordKindView<EventRecord> = {
  kind: 'events',
  title: 'Events',
  noun: 'event',
  emptyText: 'No events recorded yet.',
  schema: recordFormSchema('events'),
  columns: [
    {
      label: 'Occurred',
      render: ({ occurredAt, endedAt }, { client }) =>
        endedAt
          ? formatPeriod(occurredAt, endedAt, client.timeZone)
          : formatInZone(occurredAt, client.timeZone),
    },
    {
      label: 'Type',
      nowrap: true,
      render: ({ type }) => (
        <Chip label={EVENT_TYPE_LABELS[type]} size="small" color={type === 'seizure' ? 'error' : 'default'} />
      ),
    },
    { label: 'Description', render: (event) => event.description || '—' },
    { label: 'Notified', render: (event, details) => <Notified event={event} details={details} /> },
  ],
  useFields: useEventFields,
  Inputs: EventInputs,
  defaults: () => ({ occurredAt: thisMinute(), description: '' }),
  orderBy: (event) => event.occurredAt,
};

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { FormDataConsumer, SelectInput, TextInput, useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { EVENT_TYPES } from '../../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../../contract/cases';
import type { Contact } from '../../../../../contract/clients';
import {
  dueByOf,
  type Notification,
  notificationNow,
  notificationStatus,
  revisionInForce,
  ruleContacts,
  ruleForEventType,
} from '../../../../../contract/notifications';
import { formatInZone, zonedTimes } from '../../../../dates';
import { ZonedDateTimeInput } from '../../../../forms/ZonedDateTimeInput';
import { useNow } from '../../../../useNow';
import { useClientContacts } from '../../../clients/contacts/useClientContacts';
import { choicesOf } from '../../caseLabels';
import { InputRow } from '../InputRow';
import type { FieldSpec } from '../recordDiff';
import { labelledField, momentField, recordFormSchema } from '../recordFields';
import { formatPeriod, thisMinute } from '../recordFormat';
import type { RecordKindView, RecordOf } from '../types';
import { useRuleRevisions } from '../useCaseProtocol';
import { CallAttemptsCell } from './CallAttemptsCell';
import { NOTIFICATION_STATUS_COLORS, NOTIFICATION_STATUS_LABELS, notificationText } from './notificationText';

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

/** The notification's status as the clock now stands (pending turns overdue without a reload). */
const NotificationChip = ({ notification }: { notification: Notification }) => {
  const { status } = notificationNow(notification, useNow());
  return (
    <Chip
      label={NOTIFICATION_STATUS_LABELS[status]}
      size="small"
      color={NOTIFICATION_STATUS_COLORS[status]}
      variant={status === 'on-time' ? 'outlined' : 'filled'}
    />
  );
};

/** Who was notified and when, in the client's zone; for an event the protocol covers, how it was met. */
const Notified = ({ event, details }: { event: EventRecord; details: CaseDetails }) => {
  const { data: contacts } = useClientContacts(details.client.id);
  const clock = useNow();
  const time = zonedTimes(details.client.timeZone);
  const { notification } = event;
  if (notification && !event.voided) {
    const now = notificationNow(notification, clock);
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <NotificationChip notification={notification} />
        <span>{notificationText(event, now, time, (id) => contactName(contacts, id))}</span>
        <CallAttemptsCell details={details} itemId={event._id} notification={notification} />
      </Stack>
    );
  }
  if (event.notifiedContactId === null) return '—';
  return `${contactName(contacts, event.notifiedContactId)}, ${time(event.notifiedAt)}`;
};

/**
 * The protocol's rule for the chosen type: whom to call in escalation order (name, role, phone) and by when,
 * in the client's zone. "Notified …" records the call to that contact at the time in "Called at" and saves
 * the event (a new one, or the next revision of the one edited): a call made earlier is logged in one click
 * after its time is typed. Until it is changed, "Called at" shows the current minute and the call is
 * stamped at the moment of the click.
 */
const NotificationRulePanel = ({ details }: { details: CaseDetails }) => (
  <FormDataConsumer>
    {({ formData }) => <NotificationRule details={details} event={formData} />}
  </FormDataConsumer>
);

/** The time of the call "Notified …" records: a field of the dialog only, never sent as such. */
const CALLED_AT = 'calledAt';

/** The start of the minute of `at`, as an instant. */
const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();

const NotificationRule = ({
  details,
  event,
}: {
  details: CaseDetails;
  event: Record<string, string | null>;
}) => {
  const revisions = useRuleRevisions(details);
  const { data: contacts = [] } = useClientContacts(details.client.id);
  const contactInput = useInput({ source: 'notifiedContactId' });
  const atInput = useInput({ source: 'notifiedAt' });
  const { type, occurredAt, notifiedAt } = event;
  const now = useNow();
  // The rules of the revision in force when the event occurred, as the server will judge it.
  const inForce = revisionInForce(revisions, occurredAt ?? '', details.protocolRevision);
  const rule = type ? ruleForEventType(inForce?.notificationRules ?? [], type) : undefined;
  const calledAt = useInput({ source: CALLED_AT });
  const { resetField } = useFormContext();
  const typed = calledAt.fieldState.isDirty;
  const minute = minuteOf(now);
  // Untouched, "Called at" follows the clock: its default moves with it, so a time typed later counts as
  // typed even when it is the minute the dialog opened at (the call started then, the dialog was left open).
  useEffect(() => {
    if (!typed) resetField(CALLED_AT, { defaultValue: minute });
  }, [typed, minute, resetField]);
  if (!rule) return null;
  const time = zonedTimes(details.client.timeZone);
  const dueBy = occurredAt ? dueByOf(occurredAt, rule.withinMinutes) : null;
  const status = dueBy ? notificationStatus(dueBy, notifiedAt || null, now) : undefined;
  const notify = (contactId: number) => {
    contactInput.field.onChange(contactId);
    atInput.field.onChange(typed && calledAt.field.value ? calledAt.field.value : new Date().toISOString());
  };
  return (
    <Alert
      severity={status === 'overdue' ? 'error' : 'info'}
      role="region"
      aria-label="Notification rule"
      sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}
    >
      <AlertTitle>
        Protocol: notify within {rule.withinMinutes} min ({rule.trigger}){dueBy && `, due by ${time(dueBy)}`}
      </AlertTitle>
      {status && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {NOTIFICATION_STATUS_LABELS[status]}
        </Typography>
      )}
      <ZonedDateTimeInput
        source={CALLED_AT}
        label="Called at"
        defaultValue={minute}
        timeZone={details.client.timeZone}
        helperText={`${details.client.timeZone} time: now, or when the call was made`}
      />
      <Stack component="ol" spacing={1} sx={{ m: 0, pl: 2 }}>
        {ruleContacts(rule, contacts).map((contact) => (
          <li key={contact.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <span>
                <strong>{contact.name}</strong>
                {contact.role && `, ${contact.role}`}
                {contact.phone && ` · ${contact.phone}`}
              </span>
              <Button type="submit" size="small" variant="outlined" onClick={() => notify(contact.id)}>
                Notified {contact.name}
              </Button>
            </Stack>
          </li>
        ))}
      </Stack>
    </Alert>
  );
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
      <NotificationRulePanel details={details} />
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

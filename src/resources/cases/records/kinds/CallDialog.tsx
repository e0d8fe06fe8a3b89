import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  FormDataConsumer,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useDataProvider,
  useInput,
  useNotify,
} from 'react-admin';
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  type CallAttempt,
  type CallAttemptInput,
  callAttemptInputSchema,
} from '../../../../../contract/callAttempts';
import type { CaseDetails } from '../../../../../contract/cases';
import type { Notification, NotificationContact } from '../../../../../contract/notifications';
import type { AppDataProvider } from '../../../../dataProvider';
import { caseRecordsResource } from '../../../../dataProvider/resourcePaths';
import { writeTo } from '../../../../dataProvider/writeLinks';
import { zonedTimes } from '../../../../dates';
import { liveValidation } from '../../../../forms/liveValidation';
import { ZonedDateTimeInput } from '../../../../forms/ZonedDateTimeInput';
import { CaseFormDialog } from '../../page/CaseFormDialog';
import { attemptText } from './attemptText';
import { CallNextLine } from './CallNextLine';

const FORM_VALIDATION = liveValidation(callAttemptInputSchema);
const OUTCOME_CHOICES = CALL_OUTCOMES.map((id) => ({ id, name: CALL_OUTCOME_LABELS[id] }));

/** A yes/no of the form as a checkbox (react-admin's BooleanInput is a switch). */
const CheckboxInput = ({ source, label }: { source: string; label: string }) => {
  const { field } = useInput({ source, type: 'checkbox' });
  return (
    <FormControlLabel
      label={label}
      control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
    />
  );
};

/** Whom to call: name, role and the number as a tap-to-call link. */
const ContactToCall = ({ contact }: { contact: NotificationContact }) => (
  <Typography variant="body1">
    Call now: <strong>{contact.name}</strong>
    {contact.role && `, ${contact.role}`}
    {contact.phone && (
      <>
        {' · '}
        <Link href={`tel:${contact.phone}`}>{contact.phone}</Link>
      </>
    )}
  </Typography>
);

/** The attempts so far, in the order made, in the client's zone. */
const PriorAttempts = ({
  attempts,
  contacts,
  timeZone,
}: {
  attempts: readonly CallAttempt[];
  contacts: readonly NotificationContact[];
  timeZone: string;
}) => {
  if (attempts.length === 0) return null;
  const time = zonedTimes(timeZone);
  const nameOf = (id: number) => contacts.find((contact) => contact.id === id)?.name;
  return (
    <Stack component="ol" aria-label="Attempts so far" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
      {attempts.map((attempt) => (
        <Typography component="li" variant="body2" key={attempt.id}>
          {attemptText(attempt, time, nameOf)}
        </Typography>
      ))}
    </Stack>
  );
};

/**
 * Logging one attempt at an event's critical call (DESIGN §4 "Orders and critical calls"): whom to call now
 * (the next in escalation order), the outcome, whether the result was read back, who answered when it was
 * not the contact, a note and the time (now by default, in the client's zone). The attempts so far are
 * listed; after one that did not close the call, the next contact shows with the time left to call them.
 */
export const CallDialog = ({
  details,
  itemId,
  notification,
  onClose,
}: {
  details: CaseDetails;
  itemId: number;
  notification: Notification;
  onClose: () => void;
}) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  // An attempt is part of its event: the case's events, its header's open call, the attention items are
  // read again (writeLinks.ts).
  const { mutateAsync: logAttempt } = useMutation({
    mutationFn: (input: CallAttemptInput) => dataProvider.logCallAttempt(details.id, itemId, input),
    meta: writeTo({
      resource: caseRecordsResource(details.id, 'events'),
      id: itemId,
      method: 'logCallAttempt',
    }),
  });
  const [openedAt] = useState(() => new Date().toISOString());
  const { contacts, nextContact, escalateBy, attempts } = notification;
  const record = useMemo(
    () => ({
      at: openedAt,
      contactId: nextContact?.id ?? contacts[0]?.id,
      outcome: undefined,
      readBack: false,
      reachedOther: false,
      reachedName: '',
      number: '',
      note: '',
    }),
    [openedAt, nextContact, contacts],
  );
  const submit = async (values: Record<string, unknown>) => {
    const { number, reachedName, note, ...rest } = values as CallAttemptInput & Record<string, string>;
    const reached = rest.outcome === 'reached';
    const input = {
      ...rest,
      // A read-back and who answered belong to a call that reached someone (hidden otherwise).
      readBack: reached && Boolean(rest.readBack),
      reachedOther: reached && Boolean(rest.reachedOther),
      ...(number ? { number } : {}),
      ...(reached && rest.reachedOther && reachedName ? { reachedName } : {}),
      ...(note ? { note } : {}),
    } as CallAttemptInput;
    const event = await logAttempt(input);
    const after = event.notification as Notification;
    notify(
      after.notifiedAt
        ? `Call closed ${after.status === 'on-time' ? 'on time' : 'late'}`
        : `Attempt logged${after.nextContact ? `: call ${after.nextContact.name} next` : ''}`,
      { type: 'success' },
    );
  };
  return (
    <CaseFormDialog
      title="Log a call"
      record={record}
      validation={FORM_VALIDATION}
      saveLabel="Log call"
      submit={submit}
      onClose={onClose}
    >
      <Stack spacing={1} sx={{ mb: 2, width: '100%' }}>
        {nextContact && <ContactToCall contact={nextContact} />}
        {nextContact && escalateBy && <CallNextLine next={{ ...nextContact, escalateBy }} />}
        <PriorAttempts attempts={attempts} contacts={contacts} timeZone={details.client.timeZone} />
      </Stack>
      <SelectInput source="contactId" label="Contact called" choices={contacts} isRequired />
      <TextInput source="number" label="Number dialled" helperText="Leave empty for the contact's phone" />
      <RadioButtonGroupInput source="outcome" label="Outcome" choices={OUTCOME_CHOICES} isRequired />
      <FormDataConsumer<{ outcome?: string; reachedOther?: boolean }>>
        {({ formData }) =>
          formData.outcome === 'reached' && (
            <>
              <CheckboxInput source="readBack" label="Read back confirmed" />
              <CheckboxInput source="reachedOther" label="Someone else answered" />
              {formData.reachedOther && (
                <TextInput source="reachedName" label="Name of the person reached" isRequired />
              )}
            </>
          )
        }
      </FormDataConsumer>
      <TextInput source="note" label="Note" multiline minRows={2} />
      <ZonedDateTimeInput source="at" label="Called at" timeZone={details.client.timeZone} isRequired />
    </CaseFormDialog>
  );
};

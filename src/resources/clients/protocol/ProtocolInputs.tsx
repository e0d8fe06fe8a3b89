import Stack from '@mui/material/Stack';
import {
  ArrayInput,
  type Identifier,
  NumberInput,
  SelectArrayInput,
  SelectInput,
  SimpleFormIterator,
} from 'react-admin';
import { NOTIFICATION_TRIGGERS } from '../../../../contract/clients';
import { useClientContacts } from '../contacts/useClientContacts';
import { TurnaroundTargetInputs } from './TurnaroundTargets';

const TRIGGER_CHOICES = NOTIFICATION_TRIGGERS.map((trigger) => ({ id: trigger, name: trigger }));

/** A protocol's settings and notification rules (the transfer protocol has only its text). */
export const ProtocolInputs = ({ clientId }: { clientId: Identifier }) => {
  const { data: contacts = [], isPending } = useClientContacts(clientId);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberInput source="checkIntervalMinutes" label="Check interval (minutes)" isRequired />
        <NumberInput source="impedanceLimitKOhm" label="Impedance limit (kΩ)" isRequired />
        <NumberInput source="reportTurnaroundHours" label="Report turnaround (hours)" isRequired />
        {/* Critical calls: how soon the next contact is due after an unanswered call. */}
        <NumberInput source="escalationMinutes" label="Escalate after (minutes)" isRequired />
      </Stack>
      {/* Orders and critical calls (turn 4): turnaround targets per order priority. */}
      <TurnaroundTargetInputs />
      <ArrayInput source="notificationRules" label="Notification rules">
        <SimpleFormIterator inline disableReordering>
          <SelectInput source="trigger" choices={TRIGGER_CHOICES} isRequired />
          <SelectArrayInput
            source="notify"
            label="Notify"
            choices={contacts}
            isPending={isPending}
            isRequired
            sx={{ minWidth: 240 }}
            helperText={contacts.length === 0 ? 'Add contacts on the contacts tab first' : false}
          />
          <NumberInput source="withinMinutes" label="Within (minutes)" isRequired />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
};

import Stack from '@mui/material/Stack';
import { AutocompleteInput, BooleanInput, TextInput } from 'react-admin';
import { DEFAULT_BILLING_PERIOD_START } from '../../../contract/billingPeriods';
import { clientInputSchema } from '../../../contract/clients';
import { knownTimeZones, upperCaseAscii } from '../../../contract/fields';
import { liveValidation } from '../../forms/liveValidation';

/** Form props shared by create and edit: the rules of contract/clients.ts on change, blur and submit. */
export const CLIENT_FORM_PROPS = liveValidation(clientInputSchema);

let timeZoneChoices: { id: string; name: string }[] | undefined;
const timeZones = () => {
  timeZoneChoices ??= [...knownTimeZones()].map((zone) => ({ id: zone, name: zone }));
  return timeZoneChoices;
};

/** The fields of a client, shared by ClientCreate and the details tab. */
export const ClientInputs = () => (
  <Stack sx={{ width: '100%', maxWidth: 640 }}>
    <TextInput source="name" isRequired />
    <TextInput
      source="code"
      isRequired
      parse={(value: string | null) => upperCaseAscii(value ?? '')}
      helperText="Up to 12 letters, digits and dashes; shown on case numbers"
    />
    <AutocompleteInput source="timeZone" choices={timeZones()} isRequired helperText="IANA time zone" />
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextInput
        source="billingPeriodStart"
        label="Billing periods start"
        defaultValue={DEFAULT_BILLING_PERIOD_START}
        helperText="A local time (00:00 for midnight, 07:00…), or recording-start for 24 h from hookup"
        sx={{ flex: 2 }}
      />
      <TextInput
        source="currency"
        defaultValue="USD"
        parse={(value: string | null) => (value ?? '').toUpperCase()}
        helperText="ISO 4217 code of the statements, e.g. USD, CAD"
        sx={{ flex: 1 }}
      />
    </Stack>
    <TextInput source="address" multiline minRows={2} />
    <TextInput source="phone" />
    <BooleanInput source="isEnabled" label="Enabled" />
    <TextInput source="notes" multiline minRows={3} />
  </Stack>
);

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BooleanInput,
  CheckboxGroupInput,
  type HttpError,
  type Identifier,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { type FieldValues, useWatch } from 'react-hook-form';
import type { Client } from '../../../../contract/clients';
import {
  type ClientInterface,
  type InterfaceInput,
  interfaceInputSchema,
} from '../../../../contract/interfaces';
import { RetryAlert } from '../../../customRoutes/RetryAlert';
import type { AppDataProvider } from '../../../dataProvider';
import { liveValidation } from '../../../forms/liveValidation';
import { SecretInput } from './SecretInput';

const VALIDATION = liveValidation(interfaceInputSchema, 'leaving');

const REPORT_KIND_CHOICES = [
  { id: 'prelim', name: 'Preliminary' },
  { id: 'daily', name: 'Daily' },
  { id: 'final', name: 'Final' },
  { id: 'addendum', name: 'Addendum (as amended)' },
];

const interfaceKey = (clientId: Identifier) => ['clientInterface', String(clientId)];

/** What the form holds: the settings, and for each secret what the admin chose to do with it. */
type InterfaceForm = Omit<ClientInterface, 'hasFhirBearerToken' | 'hasFhirClientSecret'> & {
  fhirBearerToken?: string;
  fhirClientSecret?: string;
};

/** The form's values as the API takes them: a secret is sent only when replaced or cleared. */
function interfaceInputOf(values: InterfaceForm): InterfaceInput {
  const { clientId: _client, updatedAt: _updated, fhirBearerToken, fhirClientSecret, ...fields } = values;
  return interfaceInputSchema.parse({
    ...fields,
    ...(fhirBearerToken === undefined ? {} : { fhirBearerToken }),
    ...(fhirClientSecret === undefined ? {} : { fhirClientSecret }),
  });
}

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, width: '100%', minWidth: 0 }}>
    <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

const FieldsWhenOn = ({ source, children }: { source: string; children: React.ReactNode }) =>
  useWatch({ name: source }) ? <Box sx={grid}>{children}</Box> : null;

/** An outbound transport: its switch, and its fields only when it is on (an unused one takes one line). */
const Transport = ({
  title,
  source,
  label,
  children,
}: {
  title: string;
  source: string;
  label: string;
  children: React.ReactNode;
}) => (
  <Section title={title}>
    <BooleanInput source={source} label={label} />
    <FieldsWhenOn source={source}>{children}</FieldsWhenOn>
  </Section>
);

/**
 * The Interface tab of a client's page (admins; issue 32): inbound HL7 v2 from the hospital's sending
 * application and facility (MSH-3/MSH-4); outbound reports over MLLP and/or FHIR R4, whose token and
 * client secret are write-only (the page says only whether one is set, and never prefills one); which
 * report kinds go out. Saved with the version loaded: a 409 says someone else saved meanwhile and keeps
 * what the admin typed; a 400 shows each message under its field.
 */
export const InterfaceTab = () => {
  const client = useRecordContext<Client>();
  const clientId = client?.id ?? '';
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [conflict, setConflict] = useState<string>();
  const settings = useQuery({
    queryKey: interfaceKey(clientId),
    queryFn: () => dataProvider.getClientInterface(clientId),
    enabled: client !== undefined,
  });
  if (settings.error)
    return (
      <RetryAlert onRetry={() => settings.refetch()}>
        The interface settings could not be read: {settings.error.message}
      </RetryAlert>
    );
  if (!settings.data) return <CircularProgress aria-label="Loading the interface settings" />;
  const { hasFhirBearerToken, hasFhirClientSecret, ...record } = settings.data;

  const save = async (values: InterfaceForm) => {
    try {
      const saved = await dataProvider.putClientInterface(clientId, interfaceInputOf(values));
      queryClient.setQueryData(interfaceKey(clientId), saved);
      setConflict(undefined);
      notify('Interface settings saved', { type: 'success' });
    } catch (error) {
      const { body, status, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      if (status === 409) return setConflict(message);
      notify(message, { type: 'error' });
    }
  };

  return (
    <SimpleForm
      // A new version remounts the form: its secrets' choices are cleared, never kept around.
      key={record.version}
      record={record}
      onSubmit={(values: FieldValues) => save(values as InterfaceForm)}
      {...VALIDATION}
      toolbar={
        <Toolbar>
          <SaveButton label="Save interface" />
        </Toolbar>
      }
      sx={{ maxWidth: 760 }}
    >
      {conflict && (
        <Alert
          severity="warning"
          sx={{ width: '100%' }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setConflict(undefined);
                settings.refetch();
              }}
            >
              Load their version
            </Button>
          }
        >
          {conflict} Your changes are still in the form; load their version to start again from it.
        </Alert>
      )}
      <Typography color="text.secondary">
        How this hospital's interface engine talks to Vigil: admissions and EEG orders in over HL7 v2 (MLLP),
        signed reports out over HL7 v2 and/or FHIR R4.
        {record.updatedAt ? '' : ' Not set up yet.'}
      </Typography>
      <Section title="Inbound (admissions and orders)">
        <BooleanInput source="inboundEnabled" label="Take this hospital's messages" />
        <Box sx={grid}>
          <TextInput source="sendingApplication" label="Sending application (MSH-3)" />
          <TextInput source="sendingFacility" label="Sending facility (MSH-4)" />
        </Box>
      </Section>
      <Transport title="Outbound over HL7 v2 (MLLP)" source="mllpEnabled" label="Send reports over MLLP">
        <TextInput source="mllpHost" label="Host" />
        <NumberInput source="mllpPort" label="Port" min={1} max={65535} step={1} />
        <BooleanInput source="mllpTls" label="TLS" />
      </Transport>
      <Transport title="Outbound over FHIR R4" source="fhirEnabled" label="Send reports over FHIR">
        <TextInput source="fhirBaseUrl" label="Base URL" sx={{ gridColumn: '1 / -1' }} />
        <SecretInput source="fhirBearerToken" label="Bearer token" isSet={hasFhirBearerToken} />
        <Box />
        <TextInput source="fhirTokenUrl" label="Token URL (client credentials)" />
        <TextInput source="fhirClientId" label="Client id" />
        <SecretInput source="fhirClientSecret" label="Client secret" isSet={hasFhirClientSecret} />
      </Transport>
      <Section title="Reports sent">
        <CheckboxGroupInput source="reportKinds" label="Kinds of report" choices={REPORT_KIND_CHOICES} />
      </Section>
    </SimpleForm>
  );
};

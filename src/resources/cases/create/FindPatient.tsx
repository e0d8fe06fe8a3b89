import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Identifier, useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { IndexedPatient } from '../../../../contract/interfaces';
import { API_PATHS } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { resourceOf } from '../../../dataProvider/resourcePaths';
import { formatCalendarDate } from '../../../dates';

/** Typing waits this long for a pause before the hospital's list is searched. */
const SEARCH_PAUSE_MS = 300;

function useDebounced(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const patientLabel = (patient: IndexedPatient) =>
  [
    `${patient.lastName}, ${patient.firstName}`,
    `MRN ${patient.mrn}`,
    patient.dateOfBirth ? `born ${formatCalendarDate(patient.dateOfBirth)}` : '',
    patient.unit ? `${patient.unit} ${patient.room}`.trim() : '',
  ]
    .filter(Boolean)
    .join(' · ');

/** The intake form's patient fields an indexed patient fills. */
const FILLED = ['mrn', 'lastName', 'firstName', 'dateOfBirth', 'sex', 'unit', 'room'] as const;

/**
 * "Find patient" on the intake form: once a client is chosen whose hospital feeds Vigil its admissions,
 * searches that client's patient index by MRN or name (after a pause in typing) and fills the patient's MRN,
 * name, date of birth, sex and location from the one picked. Nothing shows for a client without an index.
 */
export const FindPatient = ({ prefix = 'patient' }: { prefix?: string }) => {
  const clientId = useWatch({ name: 'clientId' }) as Identifier | undefined;
  const { setValue } = useFormContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim());
  // Named after its API path, nested under the clients (a client's live change reads it again).
  const resource = resourceOf(API_PATHS.clientPatients(clientId ?? ''));
  // The first patients of the index, unfiltered: whether this client has one at all.
  const index = useQuery({
    queryKey: [resource, 'searchClientPatients', { q: '' }],
    queryFn: () => dataProvider.searchClientPatients(clientId ?? '', ''),
    enabled: Boolean(clientId),
  });
  const found = useQuery({
    queryKey: [resource, 'searchClientPatients', { q }],
    queryFn: () => dataProvider.searchClientPatients(clientId ?? '', q),
    enabled: Boolean(clientId) && q !== '',
    placeholderData: keepPreviousData,
  });
  if (!clientId || !index.data?.length) return null;
  const options = q === '' ? index.data : (found.data ?? []);
  const fill = (patient: IndexedPatient | null) => {
    if (!patient) return;
    for (const field of FILLED)
      setValue(`${prefix}.${field}`, patient[field] ?? '', { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Autocomplete<IndexedPatient>
      options={options}
      loading={found.isFetching || typed.trim() !== q}
      filterOptions={(shown) => shown}
      getOptionLabel={patientLabel}
      isOptionEqualToValue={(option, value) => option.mrn === value.mrn}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input') setTyped(value);
      }}
      onChange={(_event, patient) => fill(patient)}
      noOptionsText="No patient of this hospital matches"
      renderInput={(params) => (
        <TextField
          {...params}
          variant="filled"
          label="Find patient (MRN or name)"
          helperText="From the hospital's admissions: fills the MRN, name, date of birth, sex and location"
        />
      )}
      sx={{ mb: 2, width: '100%' }}
    />
  );
};

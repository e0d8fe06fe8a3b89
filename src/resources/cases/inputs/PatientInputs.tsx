import Box from '@mui/material/Box';
import { DateInput, SelectInput, TextInput } from 'react-admin';
import type { PatientInput } from '../../../../contract/cases';
import { choicesOf, SEX_LABELS } from '../caseLabels';

const wide = { gridColumn: '1 / -1' };

/** The patient's fields (DESIGN §4), under `prefix` when they are part of a larger form (`patient.mrn`). */
export const PatientInputs = ({ prefix }: { prefix?: string }) => {
  const at = (field: keyof PatientInput) => (prefix ? `${prefix}.${field}` : field);
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}
    >
      <TextInput source={at('mrn')} label="MRN" />
      <Box />
      <TextInput source={at('lastName')} label="Last name" />
      <TextInput source={at('firstName')} label="First name" />
      <DateInput source={at('dateOfBirth')} label="Date of birth" />
      <SelectInput source={at('sex')} label="Sex" choices={choicesOf(SEX_LABELS)} />
      <TextInput source={at('unit')} label="Unit" />
      <TextInput source={at('room')} label="Room" />
      <TextInput source={at('orderingPhysician')} label="Ordering physician" sx={wide} />
      <TextInput source={at('indication')} label="Indication" multiline minRows={2} sx={wide} />
      <TextInput source={at('medications')} label="Medications" multiline minRows={2} sx={wide} />
    </Box>
  );
};

import Stack from '@mui/material/Stack';
import { NumberInput, TextInput } from 'react-admin';

/** The fields of a contact, shared by the create page and the edit dialog. */
export const ContactInputs = () => (
  <Stack sx={{ width: '100%', maxWidth: 640 }}>
    <TextInput source="name" isRequired />
    <TextInput source="role" helperText="e.g. Charge nurse, Neurologist on call" />
    <TextInput source="phone" />
    <TextInput source="email" type="email" />
    <NumberInput source="escalationOrder" isRequired min={1} max={99} helperText="1 is called first" />
    <TextInput source="notes" multiline minRows={2} />
  </Stack>
);

import Stack from '@mui/material/Stack';
import { TextInput } from 'react-admin';

/** The fields of a useful link, shared by the create page and the edit dialog. */
export const UsefulLinkInputs = () => (
  <Stack sx={{ width: '100%', maxWidth: 640 }}>
    <TextInput source="label" isRequired />
    <TextInput source="url" label="URL" type="url" isRequired helperText="Starts with http:// or https://" />
    <TextInput source="description" multiline minRows={2} />
  </Stack>
);

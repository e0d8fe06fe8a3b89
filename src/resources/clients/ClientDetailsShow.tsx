import { BooleanField, SimpleShowLayout, TextField } from 'react-admin';

/** The details tab for those who may only read clients. */
export const ClientDetailsShow = () => (
  <SimpleShowLayout sx={{ p: 0 }}>
    <TextField source="name" />
    <TextField source="code" />
    <TextField source="timeZone" label="Time zone" />
    <TextField source="address" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
    <TextField source="phone" emptyText="—" />
    <BooleanField source="isEnabled" label="Enabled" />
    <TextField source="notes" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
  </SimpleShowLayout>
);

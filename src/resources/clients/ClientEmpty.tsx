import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CreateButton } from 'react-admin';

/** The list without any client yet; only those who may create see the button. */
export const ClientEmpty = () => (
  <Stack spacing={2} sx={{ alignItems: 'center', mt: 8, width: '100%' }}>
    <LocalHospitalIcon sx={{ fontSize: 96, opacity: 0.4 }} />
    <Typography variant="h5" component="p">
      No clients yet
    </Typography>
    <CreateButton variant="contained" label="Add the first client" />
  </Stack>
);

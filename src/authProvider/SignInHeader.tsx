import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export const SignInHeader = () => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', mb: 2 }}>
    <MonitorHeartIcon color="primary" fontSize="large" />
    <Typography variant="h5" component="h1" color="primary">
      Vigil
    </Typography>
  </Stack>
);

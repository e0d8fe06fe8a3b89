import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useGetOne } from 'react-admin';
import type { Client } from '../../../contract/clients';
import { PAGE_PATHS } from '../../../contract/paths';
import { CLIENTS_RESOURCE } from '../../dataProvider/resourcePaths';
import { SCREEN_ONLY } from '../../print/PrintStyles';

/** The client whose months these are, and the way back to the billing home. */
export const BillingClientHeader = ({ clientId }: { clientId: string }) => {
  const { data: client } = useGetOne<Client>(CLIENTS_RESOURCE, { id: Number(clientId) });
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', mb: 2 }}
    >
      <div>
        <Typography variant="overline" component="p">
          Billing cycles
        </Typography>
        <Typography variant="h5" component="h1">
          {client?.name ?? `Client ${clientId}`}
        </Typography>
        {client && (
          <Typography variant="body2" color="text.secondary">
            {client.code} · months in {client.timeZone}, the client's time zone
          </Typography>
        )}
      </div>
      <div className={SCREEN_ONLY}>
        <Button component={Link} to={PAGE_PATHS.billing} startIcon={<ArrowBackIcon />}>
          Back to billing
        </Button>
      </div>
    </Stack>
  );
};

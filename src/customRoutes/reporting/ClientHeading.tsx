import Typography from '@mui/material/Typography';
import type { ClientHeader } from '../../../contract/billing';

/** Whose report it is, and whose calendar its months follow (DESIGN §4: the client's local months). */
export const ClientHeading = ({ client }: { client: ClientHeader }) => (
  <div>
    <Typography variant="h6" component="h2">
      {client.name} ({client.code})
    </Typography>
    <Typography variant="body2" color="text.secondary">
      Months are the client's calendar months, in {client.timeZone}.
    </Typography>
  </div>
);

import Typography from '@mui/material/Typography';
import { useGetIdentity } from 'react-admin';
import { PageMessage } from '../customRoutes/PageMessage';

/** The home page: greets the signed-in user by name. */
export const Dashboard = () => {
  const { identity } = useGetIdentity();
  return (
    <PageMessage title="Home">
      <Typography>{identity?.fullName ? `Welcome, ${identity.fullName}.` : 'Welcome.'}</Typography>
    </PageMessage>
  );
};

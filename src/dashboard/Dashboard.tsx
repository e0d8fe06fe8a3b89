import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import { Link } from 'react-router-dom';
import { PAGE_PATHS } from '../../contract/paths';
import { canAccess, type Role } from '../../contract/roles';
import { lazyPreloaded } from '../lazyWithReload';
import { PAGE_CHUNKS } from '../pageChunks';
import { FailedMessages } from './FailedMessages';
import { homeWidgets } from './homeWidgets';

// The widgets are chunks of their own: in the initial bundle their MUI tables, chips and bars would take
// the initial load past its 350 kB budget (DESIGN §7; measured +14 kB gzip). The greeting shows at once.
const MyWork = lazyPreloaded(PAGE_CHUNKS.myWork, (module) => module.MyWork);
const BillingWork = lazyPreloaded(PAGE_CHUNKS.billingWork, (module) => module.BillingWork);
const OperationsBoard = lazyPreloaded(PAGE_CHUNKS.operationsBoard, (module) => module.OperationsBoard);
const OperationsSummary = lazyPreloaded(PAGE_CHUNKS.operationsBoard, (module) => module.OperationsSummary);

/**
 * The home page, `/` (DESIGN §9): a greeting, the caller's own work and, for admins and technologists,
 * the operations board; billing staff see billing's work (months needing a rate, months to close) instead
 * of case lists that are never theirs. Each opens on what its shift watches: admins and technologists on
 * the monitoring checks, at the top, readers on their reports due; the other cards follow. Plain MUI only,
 * no chart library.
 */
export const Dashboard = () => {
  const { identity } = useGetIdentity();
  const { permissions: roles } = usePermissions<Role[]>();
  // Nothing role-dependent shows until the roles are known.
  const widgets = roles ? homeWidgets(roles) : { billingWork: false, myWork: false, board: false };
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, mb: 2 }}>
      <Title title="Home" />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            Home
          </Typography>
          <Typography>{identity?.fullName ? `Welcome, ${identity.fullName}.` : 'Welcome.'}</Typography>
        </Box>
        {roles && canAccess(roles, 'billing', 'list') && (
          <Button component={Link} to={PAGE_PATHS.billing} variant="outlined" startIcon={<ReceiptLongIcon />}>
            Go to billing
          </Button>
        )}
      </Box>
      {roles && canAccess(roles, 'interfaces', 'list') && <FailedMessages />}
      {/* Its own boundary: the board arriving later must not hide the caller's work meanwhile. */}
      <Suspense fallback={null}>{widgets.board && <OperationsBoard />}</Suspense>
      <Suspense fallback={<CircularProgress aria-label="Loading your work" sx={{ justifySelf: 'center' }} />}>
        {widgets.billingWork && <BillingWork />}
        {widgets.myWork && <MyWork reportsFirst={!widgets.board} />}
      </Suspense>
      <Suspense fallback={null}>{widgets.board && <OperationsSummary />}</Suspense>
    </Box>
  );
};

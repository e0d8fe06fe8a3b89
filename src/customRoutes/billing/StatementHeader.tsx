import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-admin';
import type { Statement } from '../../../contract/billing';
import { PAGE_PATHS } from '../../../contract/paths';
import { SCREEN_ONLY } from '../../print/PrintStyles';
import type { TimeFormat } from '../../print/reportFormat';
import { useReaderName } from '../../useReaders';
import { monthLabel } from './billingFormat';
import { downloadStatement } from './statementCsv';

/** The statement's title, and on screen only the way back to the client's months, CSV and Print. */
export const StatementHeader = ({ statement, time }: { statement: Statement; time: TimeFormat }) => {
  const readerName = useReaderName();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
      <div>
        <Typography variant="overline" component="p">
          Vigil · continuous EEG monitoring
        </Typography>
        <Typography variant="h5" component="h1">
          Statement for {monthLabel(statement.cycle.month)}
        </Typography>
        <Typography sx={{ fontWeight: 'bold' }}>
          {statement.client.name} ({statement.client.code})
        </Typography>
      </div>
      <Stack
        className={SCREEN_ONLY}
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <Button
          component={Link}
          to={PAGE_PATHS.billingClient(statement.client.id)}
          startIcon={<ArrowBackIcon />}
        >
          Back to the billing cycles
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => downloadStatement(statement, time, readerName)}>
          Download CSV
        </Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
      </Stack>
    </Stack>
  );
};

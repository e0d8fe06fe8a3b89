import PeopleIcon from '@mui/icons-material/People';
import TableChartIcon from '@mui/icons-material/TableChart';
import TimelineIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, Title } from 'react-admin';
import { PAGE_PATHS } from '../../../contract/paths';

const REPORTS = [
  {
    title: 'Billable hours',
    to: PAGE_PATHS.billableHoursReport,
    Icon: TimelineIcon,
    description: 'Hours and amounts per month and per client, as charts with their tables.',
  },
  {
    title: 'Billable hours summary',
    to: PAGE_PATHS.billableHoursSummary,
    Icon: TableChartIcon,
    description:
      'Every client month by month, in hours or amounts, with totals and the months without a rate.',
  },
  {
    title: 'Monitoring hours',
    to: PAGE_PATHS.monitoringHoursReport,
    Icon: PeopleIcon,
    description: 'Time logged per technologist and per client each month, and per case for one client.',
  },
] as const;

/** `/reporting` (DESIGN §9): the reports, one card each with what it shows. */
export const ReportingHomePage = () => (
  <Stack spacing={2} sx={{ my: 2 }}>
    <Title title="Reporting" />
    <Typography variant="h5" component="h1">
      Reporting
    </Typography>
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {REPORTS.map(({ title, to, Icon, description }) => (
        <Card key={to}>
          <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
            <CardContent>
              <Icon color="primary" aria-hidden />
              <Typography variant="h6" component="h2">
                {title}
              </Typography>
              <Typography color="text.secondary">{description}</Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  </Stack>
);

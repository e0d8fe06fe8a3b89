import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import type { MonthRange } from '../../../contract/billing';
import { PrintStyles, SCREEN_ONLY } from '../../print/PrintStyles';
import { MonthRangePicker } from './range/MonthRangePicker';
import { useMonthRange } from './range/useMonthRange';

interface ReportPageProps {
  title: string;
  /** One line on what the report shows. */
  description: string;
  /** Links beside the heading, e.g. back to the report; the base-layout pages have no menu. */
  actions?: ReactNode;
  /** The report over a valid range; while the range is invalid only the picker and its message show. */
  children: (range: MonthRange) => ReactNode;
}

/**
 * On paper a report is its heading, its months and its figures: no app bar, menu, breadcrumbs or controls
 * (PrintStyles drops the buttons and fields), and wide tables print whole instead of scrolling.
 */
const REPORT_PRINT = {
  '@media print': {
    'header, .MuiDrawer-root, [aria-label="breadcrumb"]': { display: 'none !important' },
    '.RaLayout-appFrame': { marginTop: '0 !important' },
    '.MuiTableContainer-root': { overflow: 'visible !important' },
  },
} as const;

/** Every report's frame: heading, the months it covers (kept in the URL), then the report. */
export const ReportPage = ({ title, description, actions, children }: ReportPageProps) => {
  const months = useMonthRange();
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <PrintStyles />
      <GlobalStyles styles={REPORT_PRINT} />
      {/* The app bar's title; the base layout has none, and there it renders nothing. */}
      <Title title={title} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <div>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">{description}</Typography>
        </div>
        {actions && (
          <Stack className={SCREEN_ONLY} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {actions}
          </Stack>
        )}
      </Stack>
      <MonthRangePicker {...months} />
      {months.range && children(months.range)}
    </Stack>
  );
};

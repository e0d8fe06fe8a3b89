import MuiLink from '@mui/material/Link';
import { ReportLink } from '../ReportLink';
import { monthLabel } from '../reportFormat';
import { newestMonthsSince } from '../reportMonths';
import type { HoursByMonth } from '../reportPivot';
import { ReportTable } from './ReportTable';
import type { ReportColumn } from './reportColumns';

interface HoursByMonthTableProps {
  title: string;
  /** The first column's header: what a row is, e.g. "Technologist". */
  rowLabel: string;
  months: readonly string[];
  rows: readonly HoursByMonth[];
  csvName: string;
  emptyText: string;
  /** Where a row's name leads, e.g. the client's page. */
  linkTo?: (row: HoursByMonth) => string;
}

/**
 * Rows × months of hours, newest month first and none before the first month with hours; a month without
 * hours for a row is left blank.
 */
export const HoursByMonthTable = ({ rowLabel, months, linkTo, rows, ...table }: HoursByMonthTableProps) => {
  const shown = newestMonthsSince(months, (month) => rows.some((row) => row.hours[month] !== undefined));
  const columns: ReportColumn<HoursByMonth>[] = [
    {
      label: rowLabel,
      text: (row) => row.label,
      render:
        linkTo &&
        ((row) => (
          <MuiLink component={ReportLink} to={linkTo(row)}>
            {row.label}
          </MuiLink>
        )),
    },
    ...shown.map((month) => ({
      label: monthLabel(month),
      text: (row: HoursByMonth) => row.hours[month] ?? '',
      numeric: true,
    })),
  ];
  return <ReportTable columns={columns} rows={rows} rowKey={(row) => row.key} {...table} />;
};

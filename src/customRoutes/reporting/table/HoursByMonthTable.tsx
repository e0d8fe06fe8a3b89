import MuiLink from '@mui/material/Link';
import { ReportLink } from '../ReportLink';
import { monthLabel } from '../reportFormat';
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

/** Rows × months of hours; a month without hours for a row shows a dash (left empty in the CSV). */
export const HoursByMonthTable = ({ rowLabel, months, linkTo, ...table }: HoursByMonthTableProps) => {
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
    ...months.map((month) => ({
      label: monthLabel(month),
      text: (row: HoursByMonth) => row.hours[month] ?? '',
      render: (row: HoursByMonth) => row.hours[month] ?? '—',
      numeric: true,
    })),
  ];
  return <ReportTable columns={columns} rowKey={(row) => row.key} {...table} />;
};

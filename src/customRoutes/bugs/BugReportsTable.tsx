import Chip from '@mui/material/Chip';
import TablePagination from '@mui/material/TablePagination';
import type { BugReport } from '../../../contract/bugs';
import { formatDateTime } from '../../dates';
import { type ReportRow, ReportTable } from '../../print/ReportTable';
import { skeletonRows } from '../billing/skeletonRows';
import { SEVERITY_COLORS, SEVERITY_LABELS, STATUS_LABELS } from './bugFormat';

const HEAD = ['Title', 'Severity', 'Page', 'Reporter', 'Status', 'Reported'];

const reportRow = (report: BugReport): ReportRow => ({
  key: report.id,
  cells: [
    report.title,
    <Chip
      key="severity"
      size="small"
      color={SEVERITY_COLORS[report.severity]}
      label={SEVERITY_LABELS[report.severity]}
    />,
    report.pageUrl || '—',
    report.reporter,
    STATUS_LABELS[report.status],
    formatDateTime(report.createdAt),
  ],
});

interface BugReportsTableProps {
  /** Undefined while loading: skeleton rows stand in. */
  reports?: readonly BugReport[];
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
}

/** One row per report, newest first, a page at a time. */
export const BugReportsTable = ({ reports, total, page, perPage, onPageChange }: BugReportsTableProps) => (
  <>
    <ReportTable
      label={reports ? 'Bug reports' : 'Bug reports, loading'}
      head={HEAD}
      rows={reports ? reports.map(reportRow) : skeletonRows(HEAD.length)}
    />
    {reports && (
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        rowsPerPage={perPage}
        rowsPerPageOptions={[]}
        onPageChange={(_event, next) => onPageChange(next + 1)}
      />
    )}
  </>
);

import Typography from '@mui/material/Typography';
import type { SelfCheck } from '../../../contract/bugs';
import { type ReportRow, ReportTable } from '../../print/ReportTable';

const checkRow = ({ name, ok, ms, detail }: SelfCheck): ReportRow => ({
  key: name,
  cells: [
    name,
    <Typography
      key="result"
      variant="body2"
      color={ok ? 'success.main' : 'error.main'}
      sx={{ fontWeight: 'bold' }}
    >
      {ok ? '✓ Pass' : '✗ Fail'}
    </Typography>,
    `${Math.round(ms)} ms`,
    detail || '—',
  ],
});

/** Each self-check: passed or not, how long it took, and why when it failed. */
export const SelfChecksTable = ({ checks }: { checks: readonly SelfCheck[] }) => (
  <ReportTable label="Self-checks" head={['Check', 'Result', 'Time', 'Detail']} rows={checks.map(checkRow)} />
);

/** "All 6 checks pass", or "2 of 6 checks fail". */
export function checksSummary(checks: readonly SelfCheck[]) {
  const failed = checks.filter((check) => !check.ok).length;
  if (failed === 0) return `All ${checks.length} checks pass`;
  return `${failed} of ${checks.length} checks ${failed === 1 ? 'fails' : 'fail'}`;
}

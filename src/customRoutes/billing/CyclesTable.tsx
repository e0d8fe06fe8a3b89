import { type Identifier, Link } from 'react-admin';
import type { BillingCycle } from '../../../contract/billing';
import { PAGE_PATHS } from '../../../contract/paths';
import { type ReportRow, ReportTable } from '../../print/ReportTable';
import { CycleStatusChip } from './BillingChips';
import { monthLabel } from './billingFormat';
import { CycleActions } from './CycleActions';
import { CycleRateForm } from './CycleRateForm';
import type { CycleMove } from './cycleMoves';
import { skeletonRows } from './skeletonRows';

interface CyclesTableProps {
  clientId: Identifier;
  /** Newest first; undefined while loading. */
  cycles?: readonly BillingCycle[];
  /** The user may set rates and change statuses (billing edit). */
  canEdit: boolean;
  onChoose: (cycle: BillingCycle, move: CycleMove) => void;
}

const HEAD = ['Month', 'Hours', 'Cases', 'Rate', 'Amount', 'Status', 'Statement'];
const EDIT_HEAD = [...HEAD.slice(0, -1), 'Actions', 'Statement'];

/** The rate is set in its row while the month is open; a closed month's rate is fixed until reopened. */
const rateCell = (clientId: Identifier, cycle: BillingCycle, canEdit: boolean) =>
  canEdit && cycle.status === 'open' ? (
    <CycleRateForm key={`${cycle.month}@${cycle.version}`} clientId={clientId} cycle={cycle} />
  ) : (
    (cycle.rate ?? '—')
  );

/** A client's months, newest first: hours and amounts as the server computed them, status, what to do next. */
export const CyclesTable = ({ clientId, cycles, canEdit, onChoose }: CyclesTableProps) => {
  const head = canEdit ? EDIT_HEAD : HEAD;
  const row = (cycle: BillingCycle): ReportRow => {
    const month = monthLabel(cycle.month);
    const actions = canEdit
      ? [<CycleActions key="actions" cycle={cycle} onChoose={(move) => onChoose(cycle, move)} />]
      : [];
    return {
      key: cycle.month,
      cells: [
        month,
        cycle.hours,
        cycle.cases,
        rateCell(clientId, cycle, canEdit),
        cycle.amount ?? '—',
        <CycleStatusChip key="status" status={cycle.status} />,
        ...actions,
        <Link
          key="statement"
          to={PAGE_PATHS.statement(clientId, cycle.month)}
          aria-label={`Statement for ${month}`}
        >
          Statement
        </Link>,
      ],
    };
  };
  return (
    <ReportTable
      label={cycles ? 'Billing cycles' : 'Billing cycles, loading'}
      head={head}
      rows={cycles ? cycles.map(row) : skeletonRows(head.length)}
    />
  );
};

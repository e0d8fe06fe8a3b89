import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaseDetails } from '../../../../contract/cases';
import { useMinuteTicks } from '../../../dashboard/useMinuteTicks';
import { formatInZone } from '../../../dates';
import { FactList } from '../../../FactList';
import { CLOCK_LABELS, ClockStatus, PRIORITY_LABELS } from './ClockStatus';

/** The order's facts as the case page and the print show them; "No order" when it has none. */
export function orderFacts({ order, client }: Pick<CaseDetails, 'order' | 'client'>) {
  if (!order) return [{ label: 'Order', value: 'No order' }];
  const physician = [order.orderingPhysician.name, order.orderingPhysician.phone].filter(Boolean).join(', ');
  return [
    { label: 'Ordered at', value: order.orderedAt ? formatInZone(order.orderedAt, client.timeZone) : '—' },
    { label: 'Priority', value: order.priority ? PRIORITY_LABELS[order.priority] : '—' },
    { label: 'Ordering physician', value: physician || '—' },
    { label: 'Indication', value: order.indication || '—' },
    { label: 'Placer order number', value: order.placerOrderNumber ?? '—' },
  ];
}

/** The case's order and its turnaround clocks (DESIGN §4 turn 4): due by, met at, or breached by how much. */
export const OrderAndClocks = ({ details }: { details: CaseDetails }) => {
  const now = useMinuteTicks();
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Order and turnaround
      </Typography>
      <FactList label="Order" facts={orderFacts(details)} />
      {details.clocks.length > 0 && (
        <FactList
          label="Turnaround clocks"
          facts={details.clocks.map((clock) => ({
            label: `${CLOCK_LABELS[clock.kind]} (due by ${formatInZone(clock.dueBy, details.client.timeZone)})`,
            value: <ClockStatus clock={clock} timeZone={details.client.timeZone} now={now} />,
          }))}
        />
      )}
    </Stack>
  );
};

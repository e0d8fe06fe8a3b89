import Typography from '@mui/material/Typography';
import { type HttpError, SelectInput, TextInput, useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { Client } from '../../../../contract/clients';
import { ORDER_PRIORITIES, type Order, orderInputSchema } from '../../../../contract/turnaround';
import { CLIENTS_RESOURCE } from '../../../dataProvider/resourcePaths';
import { ZonedDateTimeInput } from '../../../forms/ZonedDateTimeInput';
import { PRIORITY_LABELS } from '../clocks/ClockStatus';

/** Nothing entered in the order section: no order is sent (never an invented one). */
const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (typeof value === 'object' && Object.values(value).every(isBlank));

/** The order section of a form: blank is no order, anything typed is checked as the API checks it. */
export const optionalOrderSchema = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  orderInputSchema.optional(),
);

/** An order as the form edits it. */
export const orderFormValues = (order: Order | null) =>
  order
    ? {
        orderedAt: order.orderedAt ?? '',
        priority: order.priority ?? '',
        orderingPhysician: order.orderingPhysician,
        indication: order.indication,
        placerOrderNumber: order.placerOrderNumber ?? '',
      }
    : undefined;

const PRIORITY_CHOICES = ORDER_PRIORITIES.map((id) => ({ id, name: PRIORITY_LABELS[id] }));

/** The zone of the form's client, the one the order's time is typed in (UTC until a client is chosen). */
function useClientZone(fixed?: string): string {
  const clientId = useWatch({ name: 'clientId' }) as number | undefined;
  const { data } = useGetOne<Client, HttpError>(
    CLIENTS_RESOURCE,
    { id: clientId ?? 0 },
    { enabled: !fixed && typeof clientId === 'number' },
  );
  return fixed ?? data?.timeZone ?? 'UTC';
}

/** The "Order" section (DESIGN §4 turn 4): ordered at, priority, ordering physician, indication, placer number. */
export const OrderInputs = ({ timeZone }: { timeZone?: string }) => {
  const zone = useClientZone(timeZone);
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Order
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Leave blank when there is no order; with one, its turnaround clocks run from the time it was placed.
      </Typography>
      <ZonedDateTimeInput key={zone} source="order.orderedAt" label="Ordered at" timeZone={zone} />
      <SelectInput source="order.priority" label="Priority" choices={PRIORITY_CHOICES} emptyText="—" />
      <TextInput source="order.orderingPhysician.name" label="Ordered by (physician)" />
      <TextInput source="order.orderingPhysician.phone" label="Ordered by (phone)" />
      <TextInput source="order.indication" label="Reason for the order" multiline />
      <TextInput source="order.placerOrderNumber" label="Placer order number" />
    </>
  );
};

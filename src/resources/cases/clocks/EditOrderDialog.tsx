import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { type HttpError, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { z } from 'zod';
import type { CaseDetails, CasePatch } from '../../../../contract/cases';
import type { AppDataProvider } from '../../../dataProvider';
import { liveValidation } from '../../../forms/liveValidation';
import { OrderInputs, optionalOrderSchema, orderFormValues } from '../inputs/OrderInputs';
import { CaseFormDialog } from '../page/CaseFormDialog';
import { useCaseWrite, useUpdateCaseDetails } from '../page/useCaseDetails';

const orderFormSchema = z.object({ order: optionalOrderSchema });
const FORM_VALIDATION = liveValidation(orderFormSchema);

/**
 * Edits the case's order (DESIGN §4 turn 4) in a dialog: PATCH of the case with the version the page
 * loaded; blank removes the order. Field errors (400) go under their fields; a refusal shows in the dialog,
 * and after a 409 (changed by someone else) the case is read again and the form shows it as it now is.
 */
const EditOrderDialog = ({ details, onClose }: { details: CaseDetails; onClose(): void }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const cache = useUpdateCaseDetails();
  const { mutateAsync: patch } = useCaseWrite(
    details.id,
    'patchCase',
    (values: CasePatch) => dataProvider.patchCase(details.id, values),
    (saved) => saved,
  );
  const submit = async (values: Record<string, unknown>) => {
    const { order } = orderFormSchema.parse(values);
    try {
      await patch({ order: order ?? null, version: details.version });
    } catch (error) {
      if ((error as HttpError).status === 409) cache.refetch(details.id);
      throw error;
    }
    notify(order ? 'Order saved' : 'Order removed', { type: 'success' });
  };
  return (
    <CaseFormDialog
      title={`Order of case ${details.caseNumber}`}
      formKey={details.version}
      record={{ order: orderFormValues(details.order) }}
      validation={FORM_VALIDATION}
      saveLabel="Save order"
      submit={submit}
      onClose={onClose}
    >
      <OrderInputs timeZone={details.client.timeZone} />
    </CaseFormDialog>
  );
};

/** "Edit order" in the case header, for those who may edit cases while the case is open (PATCH's rules). */
export const EditOrderButton = ({ details }: { details: CaseDetails }) => {
  const { canAccess } = useCanAccess({ resource: 'cases', action: 'edit' });
  const [open, setOpen] = useState(false);
  if (!canAccess || details.stage === 'closed') return null;
  return (
    <>
      <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        {details.order ? 'Edit order' : 'Add order'}
      </Button>
      {open && <EditOrderDialog details={details} onClose={() => setOpen(false)} />}
    </>
  );
};

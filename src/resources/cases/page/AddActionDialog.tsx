import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { type HttpError, SelectInput, SimpleForm, TextInput, useDataProvider, useNotify } from 'react-admin';
import { type ActionInput, actionInputSchema, type CaseDetails } from '../../../../contract/cases';
import type { AppDataProvider } from '../../../dataProvider';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';
import { liveValidation } from '../../../forms/validateWith';
import { choicesOf } from '../caseLabels';
import { ACTION_KIND_LABELS } from './pageLabels';
import { useUpdateCaseDetails } from './useCaseDetails';

const FORM_VALIDATION = liveValidation(actionInputSchema);
const KIND_CHOICES = choicesOf(ACTION_KIND_LABELS);

/** A transition an action is recorded on: its id, and its heading for the dialog's title. */
export interface ActionTarget {
  transitionId: number;
  heading: string;
}

interface AddActionDialogProps {
  details: CaseDetails;
  /** The transition the action is recorded on; without one, the case itself. */
  target?: ActionTarget;
  onClose: () => void;
}

/** Records an action (client notified, physician paged, …) on the case or on one of its transitions. */
export const AddActionDialog = ({ details, target, onClose }: AddActionDialogProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const cache = useUpdateCaseDetails();
  const title = target ? `Add action to ${target.heading}` : `Add action to case ${details.caseNumber}`;
  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.addCaseAction(details.id, values as ActionInput, target?.transitionId);
      notify('Action recorded', { type: 'success' });
      cache.refetch(details.id);
      onClose();
    } catch (error) {
      const { body, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      notify(message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <SimpleForm
        record={{ note: '' }}
        onSubmit={save}
        {...FORM_VALIDATION}
        toolbar={<SaveCancelToolbar saveLabel="Add action" onCancel={onClose} />}
      >
        <SelectInput source="kind" label="Kind" choices={KIND_CHOICES} isRequired />
        <TextInput source="note" label="Note" multiline minRows={3} />
      </SimpleForm>
    </Dialog>
  );
};

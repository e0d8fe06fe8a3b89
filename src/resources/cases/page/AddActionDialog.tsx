import { SelectInput, TextInput, useDataProvider, useNotify } from 'react-admin';
import { type ActionInput, actionInputSchema, type CaseDetails } from '../../../../contract/cases';
import type { AppDataProvider } from '../../../dataProvider';
import { liveValidation } from '../../../forms/liveValidation';
import { choicesOf } from '../caseLabels';
import { CaseFormDialog } from './CaseFormDialog';
import { ACTION_KIND_LABELS } from './pageLabels';
import { useCaseWrite } from './useCaseDetails';

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
  const { mutateAsync: addAction } = useCaseWrite(details.id, 'addCaseAction', (input: ActionInput) =>
    dataProvider.addCaseAction(details.id, input, target?.transitionId),
  );
  const title = target ? `Add action to ${target.heading}` : `Add action to case ${details.caseNumber}`;
  const submit = async (values: Record<string, unknown>) => {
    await addAction(values as ActionInput);
    notify('Action recorded', { type: 'success' });
  };
  return (
    <CaseFormDialog
      title={title}
      record={{ note: '' }}
      validation={FORM_VALIDATION}
      saveLabel="Add action"
      submit={submit}
      onClose={onClose}
    >
      <SelectInput source="kind" label="Kind" choices={KIND_CHOICES} isRequired />
      <TextInput source="note" label="Note" multiline minRows={3} />
    </CaseFormDialog>
  );
};

import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import {
  FormDataConsumer,
  SelectInput,
  TextInput,
  useDataProvider,
  useGetIdentity,
  useNotify,
  usePermissions,
} from 'react-admin';
import { type CaseDetails, type HandoverInput, handoverInputSchema } from '../../../../contract/cases';
import { othersWork } from '../../../../contract/ownWork';
import type { Role } from '../../../../contract/roles';
import type { AppDataProvider } from '../../../dataProvider';
import { liveValidation } from '../../../forms/liveValidation';
import { ZonedDateTimeInput } from '../../../forms/ZonedDateTimeInput';
import { nameOf } from '../records/recordFormat';
import { useTechnologists } from '../useTechnologists';
import { CaseFormDialog } from './CaseFormDialog';
import { HandoverRefusal } from './HandoverRefusal';
import { useCaseWrite } from './useCaseDetails';

const FORM_VALIDATION = liveValidation(handoverInputSchema);

/** Any technologist but the outgoing one may take the case over. */
const IncomingInput = () => {
  const { data: technologists = [] } = useTechnologists();
  return (
    <FormDataConsumer<{ from?: string }>>
      {({ formData }) => (
        <SelectInput
          source="to"
          label="To"
          choices={technologists
            .filter(({ username }) => username !== formData.from)
            .map(({ username, name }) => ({ id: username, name }))}
          isRequired
        />
      )}
    </FormDataConsumer>
  );
};

/**
 * A handover between shifts (DESIGN §4), from the case's activity, its running log or its board row: the outgoing technologist's open log on the case ends at the time
 * given (now by default) and the incoming one's starts then. A technologist hands over their own shift; an
 * admin may hand over anyone's.
 */
export const HandoverDialog = ({ details, onClose }: { details: CaseDetails; onClose: () => void }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  // The outgoing log ended and the incoming one opened, the technologists' load changed: read again wherever
  // the handover was made from (writeLinks.ts).
  const { mutateAsync: handOver } = useCaseWrite(
    details.id,
    'handOverCase',
    (input: HandoverInput) => dataProvider.handOverCase(details.id, input),
    (result) => result.case,
  );
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Role[]>();
  const caller = { username: identity ? String(identity.id) : '', roles: permissions ?? [] };
  const me = caller.username;
  // The server's own-work rule (contract/ownWork.ts) decides whose shift the caller may hand over.
  const outgoing = details.technologists.filter((t) => !othersWork(caller, [t.username]));
  const title = `Hand over case ${details.caseNumber}`;
  // react-admin resets the form whenever its record changes: the defaults are fixed when the dialog opens,
  // so a later render (the case refreshed, a second passed) never wipes what was entered.
  const [openedAt] = useState(() => new Date().toISOString());
  const from = outgoing.some((t) => t.username === me) ? me : (outgoing[0]?.username ?? '');
  const record = useMemo(() => ({ from, at: openedAt, note: '' }), [from, openedAt]);

  const submit = async (values: Record<string, unknown>) => {
    const result = await handOver(values as HandoverInput);
    notify(`Case ${details.caseNumber} handed over to ${nameOf(result.case, result.handover.to)}`, {
      type: 'success',
    });
  };
  return (
    <CaseFormDialog
      title={title}
      record={record}
      validation={FORM_VALIDATION}
      saveLabel="Hand over"
      saveUntouched
      submit={submit}
      onClose={onClose}
      Refusal={HandoverRefusal}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The outgoing technologist's open time log on this case ends at this time, and the incoming one's
        starts then, with the same activity.
      </Typography>
      <SelectInput
        source="from"
        label="From"
        choices={outgoing.map(({ username, name }) => ({ id: username, name }))}
        isRequired
        readOnly={outgoing.length < 2}
      />
      <IncomingInput />
      <ZonedDateTimeInput source="at" label="At" timeZone={details.client.timeZone} isRequired />
      <TextInput source="note" label="Note" multiline minRows={2} />
    </CaseFormDialog>
  );
};

import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type HttpError,
  type RaRecord,
  SimpleForm,
  useDataProvider,
  useNotify,
  useUpdate,
} from 'react-admin';
import {
  type CaseDetails,
  type Patient,
  type PatientRevision,
  patientInputSchema,
} from '../../../../contract/cases';
import { MAX_PER_PAGE } from '../../../../contract/list';
import type { AppDataProvider } from '../../../dataProvider';
import { patientDetailsResource, patientHistoryResource } from '../../../dataProvider/resourcePaths';
import { liveValidation } from '../../../forms/liveValidation';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';
import { PatientInputs } from '../inputs/PatientInputs';
import { PATIENT_FIELDS } from '../patientFacts';
import type { Fields } from '../records/recordDiff';
import { keepEditsOnNewer } from '../records/recordMerge';
import { submitOnCtrlEnter } from '../records/submitOnCtrlEnter';
import { PatientConflictAlert } from './PatientConflictAlert';

const VALIDATION = liveValidation(patientInputSchema);
const NAMES = PATIENT_FIELDS.map(({ field }) => field);

/** On a newer version, the fields the user changed keep what they typed; the others take the newer values. */
const KEEP_EDITS = { keepDirtyValues: true } as const;

/** Someone else saved the details while the user edited them (409). */
interface Conflict {
  opened: Fields;
  newer: PatientRevision;
  /** The user's edits on top of the newer version: what the form holds now. */
  kept: Fields;
}

interface PatientFormDialogProps {
  details: CaseDetails;
  /** The details loaded; null before the case has any. */
  patient: Patient | null;
  onClose: () => void;
}

/**
 * Saves the whole set of patient details with the version loaded. The contract's rules are checked as the
 * user types, the server's field errors (400) shown under the fields. When someone else saved a newer
 * version meanwhile (409) the dialog keeps what the user typed, says what changed, and saves on top of it.
 */
export const PatientFormDialog = ({ details, patient, onClose }: PatientFormDialogProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [update] = useUpdate<RaRecord, HttpError>();
  const resource = patientDetailsResource(details.id);
  const notify = useNotify();
  const [conflict, setConflict] = useState<Conflict>();
  const [record] = useState<Fields>(() => patient ?? {});
  const version = conflict ? conflict.newer.revision : patient?.version;

  /** The details as they are now, read fresh: the newest state of their history; the tab reads them again. */
  const newest = async () => {
    queryClient.invalidateQueries({ queryKey: [resource] });
    const { data } = await dataProvider.getList<PatientRevision & RaRecord>(
      patientHistoryResource(details.id),
      {
        pagination: { page: 1, perPage: MAX_PER_PAGE },
        sort: { field: 'revision', order: 'DESC' },
        filter: {},
      },
    );
    const [latest] = data;
    // Keyed as the details are (the case's id), so the form takes it as the same record, keeping the edits.
    return latest && latest.revision > (version ?? 0) ? { ...latest, id: details.id } : undefined;
  };

  const save = async (values: Fields) => {
    const input = patientInputSchema.parse(values);
    try {
      // The details, their history, the case's header and the case lists are read again (writeLinks.ts).
      await update(
        resource,
        { id: details.id, data: input, previousData: { id: details.id, version } },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('Patient details saved', { type: 'success' });
      onClose();
    } catch (error) {
      const { body, status, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      const newer = status === 409 ? await newest().catch(() => undefined) : undefined;
      if (!newer) return notify(message, { type: 'error' });
      const opened = conflict?.newer ?? record;
      setConflict({ opened, newer, kept: keepEditsOnNewer(opened, newer, input, NAMES) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" onKeyDown={submitOnCtrlEnter}>
      <DialogTitle>
        {version ? `Edit patient details, version ${version}` : 'Add patient details'}
      </DialogTitle>
      <SimpleForm
        record={conflict?.newer ?? record}
        resetOptions={KEEP_EDITS}
        onSubmit={save}
        {...VALIDATION}
        toolbar={<SaveCancelToolbar onCancel={onClose} />}
      >
        {conflict && <PatientConflictAlert details={details} {...conflict} />}
        <PatientInputs />
      </SimpleForm>
    </Dialog>
  );
};

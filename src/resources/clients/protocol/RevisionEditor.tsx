import Typography from '@mui/material/Typography';
import { type HttpError, SimpleForm, TextInput, useNotify, useRecordContext } from 'react-admin';
import type { Client } from '../../../../contract/clients';
import {
  DEFAULT_ESCALATION_MINUTES,
  DEFAULT_IMPEDANCE_LIMIT_KOHM,
  protocolRevisionInputSchema,
  type Revision,
  type RevisionInput,
  type RevisionKind,
  transferRevisionInputSchema,
} from '../../../../contract/clients';
import { DEFAULT_TURNAROUND_TARGETS } from '../../../../contract/turnaround';
import { liveValidation } from '../../../forms/liveValidation';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';
import { ProtocolInputs } from './ProtocolInputs';
import { KIND_LABELS, useCreateRevision } from './useRevisions';

// What the author edits; the kind and the base revision are added on save.
const FORM_VALIDATION = {
  protocol: liveValidation(protocolRevisionInputSchema.omit({ kind: true, baseRevision: true })),
  transfer: liveValidation(transferRevisionInputSchema.pick({ body: true })),
};

function initialValues(kind: RevisionKind, current: Revision | null) {
  if (current?.kind === 'protocol') {
    const { body, notificationRules, checkIntervalMinutes, impedanceLimitKOhm, reportTurnaroundHours } =
      current;
    const { escalationMinutes } = current;
    return {
      body,
      notificationRules,
      checkIntervalMinutes,
      impedanceLimitKOhm,
      reportTurnaroundHours,
      // Orders and critical calls (turn 4).
      turnaroundTargets: current.turnaroundTargets,
      escalationMinutes,
    };
  }
  if (kind === 'protocol')
    return {
      body: '',
      notificationRules: [],
      impedanceLimitKOhm: DEFAULT_IMPEDANCE_LIMIT_KOHM,
      // Orders and critical calls (turn 4).
      turnaroundTargets: DEFAULT_TURNAROUND_TARGETS,
      escalationMinutes: DEFAULT_ESCALATION_MINUTES,
    };
  return { body: current?.body ?? '' };
}

interface RevisionEditorProps {
  kind: RevisionKind;
  /** The revision the editor was opened on; saving posts it as `baseRevision` (0 when none). */
  current: Revision | null;
  onClose: () => void;
}

/**
 * Writes a new revision of the protocol or transfer protocol (admin). Field errors from the server show
 * under their inputs; a 409 (someone saved a revision meanwhile) is notified and the text stays.
 */
export const RevisionEditor = ({ kind, current, onClose }: RevisionEditorProps) => {
  const client = useRecordContext<Client>();
  const notify = useNotify();
  const createRevision = useCreateRevision(client?.id ?? 0, kind);
  const baseRevision = current?.revision ?? 0;
  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = await createRevision.mutateAsync({ ...values, kind, baseRevision } as RevisionInput);
      notify(`${KIND_LABELS[kind]}: revision ${saved.revision} saved`, { type: 'success' });
      onClose();
    } catch (error) {
      const fieldErrors = (error as HttpError).body?.errors;
      if (fieldErrors) return fieldErrors;
      notify((error as Error).message, { type: 'error' });
    }
  };
  if (!client) return null;
  return (
    <SimpleForm
      record={initialValues(kind, current)}
      onSubmit={save}
      {...FORM_VALIDATION[kind]}
      toolbar={<SaveCancelToolbar saveLabel="Save new revision" onCancel={onClose} />}
      sx={{ p: 0 }}
    >
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {current
          ? `Editing revision ${current.revision}; saving adds revision ${current.revision + 1}.`
          : 'The first revision.'}
      </Typography>
      <TextInput source="body" label={`${KIND_LABELS[kind]} text`} multiline minRows={8} isRequired />
      {kind === 'protocol' && <ProtocolInputs clientId={client.id} />}
    </SimpleForm>
  );
};

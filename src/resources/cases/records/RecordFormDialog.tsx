import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useMemo, useState } from 'react';
import { type HttpError, SimpleForm, useNotify } from 'react-admin';
import type { RecordItem } from '../../../../contract/caseRecords';
import { liveValidation } from '../../../forms/liveValidation';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';
import { ConflictAlert } from './ConflictAlert';
import type { RecordDialogProps } from './RecordDialogs';
import { fieldNamesOf, formSchemaOf } from './recordFields';
import { capitalized, refusalOf } from './recordFormat';
import { changedFields, keepEditsOnNewer } from './recordMerge';
import { submitOnCtrlEnter } from './submitOnCtrlEnter';
import type { Insertion } from './useRecordWrites';

/** Someone else saved a newer revision while the user edited (409). */
interface Conflict {
  opened: RecordItem;
  newer: RecordItem;
  /** The user's edits on top of the newer revision: what the form holds now. */
  values: Record<string, unknown>;
}

/**
 * When the form is given a newer revision, the fields the user changed keep what they typed and the others
 * take the newer revision's values (react-hook-form's reset, field by field, each electrode on its own).
 */
const KEEP_EDITS = { keepDirtyValues: true } as const;

interface RecordFormDialogProps extends RecordDialogProps {
  /** The item edited; without one, a new item. */
  item?: RecordItem;
  /** A new item's values, over the kind's defaults (e.g. an addendum's kind and period). */
  initial?: Record<string, unknown>;
  /** The new item is inserted right before or after this one (time logs). */
  nextTo?: Insertion;
}

/**
 * Adds an item, or edits one by writing a revision with only the fields changed and the revision edited.
 * The kind's rules are checked as the user types, the server's field errors (400) shown under the fields.
 * When someone else revised the item meanwhile (409) the dialog stays open with what the user typed, says
 * what changed, takes the newer revision's other fields, and saves on top of it.
 */
export const RecordFormDialog = ({
  details,
  view,
  fields: specs,
  writes,
  item,
  initial,
  nextTo,
  onClose,
}: RecordFormDialogProps) => {
  const notify = useNotify();
  const [conflict, setConflict] = useState<Conflict>();
  const base = conflict?.newer ?? item;
  const noun = capitalized(view.noun);
  const title = item ? `Edit ${view.noun}` : `Add ${view.noun}`;
  const names = fieldNamesOf(view.schema);
  const toFields = view.toFields ?? ((values: Record<string, unknown>) => values);
  const validation = useMemo(
    () => liveValidation(formSchemaOf(view.schema, view.toFields), 'leaving'),
    [view],
  );
  const [record] = useState(() => item ?? { ...view.defaults(details), ...initial });

  const save = async (values: Record<string, unknown>) => {
    const fields = toFields(values);
    try {
      const written = Object.fromEntries(names.map((name) => [name, fields[name]]));
      if (!base && nextTo) await writes.insert(nextTo, written, `${noun} inserted`);
      else if (!base) await writes.create(written, `${noun} added`);
      else {
        const changes = changedFields(base, fields, names);
        if (Object.keys(changes).length > 0) await writes.revise(base, changes, `${noun} saved`);
        else notify('Nothing changed', { type: 'info' });
      }
      onClose();
    } catch (error) {
      const { body } = error as HttpError;
      if (body?.errors) {
        const errors = body.errors as Record<string, string>;
        const labels = Object.fromEntries(specs.map(({ field, label }) => [field, label]));
        const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        // react-admin says this instead of its "The form is not valid" (root.serverError).
        const serverError = refusalOf(errors, labels, details.client.timeZone, browserZone);
        return { ...errors, root: { serverError } };
      }
      const newer = base && (await writes.newerRevision(error, base));
      if (!newer) return writes.refused(error);
      setConflict({ opened: base, newer, values: keepEditsOnNewer(base, newer, fields, names) });
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={view.wideDialog ? 'md' : 'sm'}
      onKeyDown={submitOnCtrlEnter}
    >
      <DialogTitle>{item ? `${title}, revision ${base?.revision}` : title}</DialogTitle>
      <SimpleForm
        record={conflict?.newer ?? record}
        resetOptions={KEEP_EDITS}
        onSubmit={save}
        {...validation}
        toolbar={
          <SaveCancelToolbar saveLabel={item ? 'Save' : title} saveUntouched={!item} onCancel={onClose} />
        }
      >
        {conflict && (
          <ConflictAlert
            details={details}
            opened={conflict.opened}
            newer={conflict.newer}
            edited={conflict.values}
            fields={specs}
          />
        )}
        <view.Inputs details={details} />
      </SimpleForm>
    </Dialog>
  );
};

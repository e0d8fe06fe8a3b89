import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import {
  type HttpError,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useCreate,
  useNotify,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import {
  BUG_SEVERITIES,
  type BugReport,
  type BugReportInput,
  bugReportInputSchema,
} from '../../../contract/bugs';
import { BUG_REPORTS_RESOURCE } from '../../dataProvider/resourcePaths';
import { liveValidation } from '../../forms/liveValidation';
import { SaveCancelToolbar } from '../../forms/SaveCancelToolbar';
import { SEVERITY_LABELS } from './bugFormat';

const validation = liveValidation(bugReportInputSchema);
// Marked required so the select offers no empty choice: a report always has a severity.
const ALWAYS_SET = required();
const SEVERITY_CHOICES = BUG_SEVERITIES.map((id) => ({ id, name: SEVERITY_LABELS[id] }));

/**
 * Files a bug report: what happened, how to get there, how bad it is, and the page it happened on
 * (prefilled with the current route). The contract's rules are checked as the user types; the server's
 * field errors (400) are shown under the fields.
 */
export const ReportBugDialog = ({ onClose }: { onClose: () => void }) => {
  const notify = useNotify();
  const { pathname } = useLocation();
  // POST /bugs/reports; react-admin then reads the reports list again.
  const [create] = useCreate<BugReportInput, HttpError, BugReport>();
  const [record] = useState(() => ({
    title: '',
    description: '',
    steps: '',
    severity: 'medium',
    pageUrl: pathname,
  }));

  const save = async (values: Record<string, unknown>) => {
    try {
      // Validated already; parsing keeps the contract's five fields, trimmed.
      await create(
        BUG_REPORTS_RESOURCE,
        { data: bugReportInputSchema.parse(values) },
        { returnPromise: true },
      );
      notify('Bug report sent', { type: 'success' });
      onClose();
    } catch (error) {
      const { body, message } = error as HttpError;
      if (body?.errors) return body.errors as Record<string, string>;
      notify(`The bug report could not be sent: ${message}`, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Report a bug</DialogTitle>
      <SimpleForm
        record={record}
        onSubmit={save}
        {...validation}
        toolbar={<SaveCancelToolbar saveLabel="Send report" saveUntouched onCancel={onClose} />}
      >
        <TextInput source="title" label="Title" />
        <TextInput source="description" label="Description" multiline minRows={3} />
        <TextInput source="steps" label="Steps to reproduce" multiline minRows={3} />
        <SelectInput source="severity" label="Severity" choices={SEVERITY_CHOICES} validate={ALWAYS_SET} />
        <TextInput source="pageUrl" label="Page" />
      </SimpleForm>
    </Dialog>
  );
};

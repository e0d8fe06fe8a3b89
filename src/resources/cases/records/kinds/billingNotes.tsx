import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import { monthIn } from '../../../../../contract/calendar';
import type { CaseDetails } from '../../../../../contract/cases';
import { InputRow } from '../InputRow';
import type { FieldSpec } from '../recordDiff';
import { recordFormSchema } from '../recordFields';
import { formatMinutes, formatMonth } from '../recordFormat';
import type { RecordKindView, RecordOf } from '../types';

type BillingNote = RecordOf<'billing-notes'>;

const BILLING_NOTE_FIELDS: readonly FieldSpec[] = [
  { field: 'month', label: 'Month', format: (month) => formatMonth(String(month)) },
  { field: 'adjustMinutes', label: 'Adjustment', format: (minutes) => formatMinutes(Number(minutes)) },
  { field: 'text', label: 'Note' },
  { field: 'settled', label: 'Settled' },
];

const BillingNoteInputs = () => (
  <>
    <InputRow>
      <TextInput
        source="month"
        label="Month"
        type="month"
        helperText="YYYY-MM, the billing cycle"
        isRequired
      />
      <NumberInput
        source="adjustMinutes"
        label="Adjustment (minutes)"
        step={1}
        helperText="Negative to take minutes off"
      />
    </InputRow>
    <TextInput source="text" label="Note" multiline minRows={3} isRequired autoFocus />
    <BooleanInput source="settled" label="Settled" />
  </>
);

/** Says what closing the case needs, and how many notes are still open. */
const BillingIntro = ({ records }: { details: CaseDetails; records: readonly BillingNote[] }) => {
  const unsettled = records.filter((note) => !note.settled && !note.voided).length;
  return (
    <Alert severity={unsettled > 0 ? 'info' : 'success'}>
      Closing the case (reviewed → closed) needs every billing note settled.{' '}
      {unsettled > 0
        ? `${unsettled} ${unsettled === 1 ? 'note is' : 'notes are'} not settled yet.`
        : 'Every note is settled.'}
    </Alert>
  );
};

/** Billing notes: minutes added to or taken off a month's billing, settled before the case closes. */
export const billingNotesView: RecordKindView<BillingNote> = {
  kind: 'billing-notes',
  title: 'Billing notes',
  noun: 'billing note',
  emptyText: 'No billing notes.',
  schema: recordFormSchema('billing-notes'),
  columns: [
    { label: 'Month', nowrap: true, render: (note) => formatMonth(note.month) },
    { label: '± minutes', nowrap: true, render: (note) => formatMinutes(note.adjustMinutes) },
    { label: 'Note', render: (note) => note.text },
    {
      label: 'Settled',
      render: (note) =>
        note.settled ? (
          <Chip label="Settled" size="small" color="success" />
        ) : (
          <Chip label="Open" size="small" />
        ),
    },
  ],
  useFields: () => BILLING_NOTE_FIELDS,
  Inputs: BillingNoteInputs,
  defaults: (details) => ({
    month: monthIn(details.client.timeZone),
    adjustMinutes: 0,
    text: '',
    settled: false,
  }),
  orderBy: (note) => note.month,
  actions: [
    {
      label: 'Mark settled',
      shows: (note, { canEdit }) => canEdit && !note.settled && !note.voided,
      effect: { type: 'revise', changes: { settled: true }, done: 'Billing note settled' },
    },
  ],
  Intro: BillingIntro,
};

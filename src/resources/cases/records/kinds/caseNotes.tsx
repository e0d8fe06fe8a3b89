import { DateTimeInput, TextInput } from 'react-admin';
import { formatDateTime } from '../../../../dates';
import { momentField, recordFormSchema } from '../recordFields';
import { thisMinute, toInstant } from '../recordFormat';
import type { RecordKindView, RecordOf } from '../types';

type CaseNote = RecordOf<'case-notes'>;

const CASE_NOTE_FIELDS = [momentField('notedAt', 'Noted at'), { field: 'text', label: 'Note' }];

const CaseNoteInputs = () => (
  <>
    <DateTimeInput source="notedAt" label="Noted at" parse={toInstant} />
    <TextInput source="text" label="Note" multiline minRows={4} isRequired autoFocus />
  </>
);

/** Case notes: what the technologists observed and did, as they went. */
export const caseNotesView: RecordKindView<CaseNote> = {
  kind: 'case-notes',
  title: 'Case notes',
  noun: 'case note',
  emptyText: 'No case notes yet.',
  schema: recordFormSchema('case-notes'),
  columns: [
    { label: 'Noted at', nowrap: true, render: (note) => formatDateTime(note.notedAt) },
    { label: 'Note', render: (note) => note.text },
  ],
  useFields: () => CASE_NOTE_FIELDS,
  Inputs: CaseNoteInputs,
  defaults: () => ({ notedAt: thisMinute(), text: '' }),
  orderBy: (note) => note.notedAt,
};

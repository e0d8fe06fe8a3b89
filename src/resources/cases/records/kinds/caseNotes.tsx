import { TextInput } from 'react-admin';
import type { CaseDetails } from '../../../../../contract/cases';
import { formatInZone } from '../../../../dates';
import { ZonedDateTimeInput } from '../../../../forms/ZonedDateTimeInput';
import { momentField, recordFormSchema } from '../recordFields';
import { thisMinute } from '../recordFormat';
import type { RecordKindView, RecordOf } from '../types';

type CaseNote = RecordOf<'case-notes'>;

const caseNoteFields = ({ client }: CaseDetails) => [
  momentField('notedAt', 'Noted at', client.timeZone),
  { field: 'text', label: 'Note' },
];

const CaseNoteInputs = ({ details }: { details: CaseDetails }) => (
  <>
    <ZonedDateTimeInput source="notedAt" label="Noted at" timeZone={details.client.timeZone} />
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
    {
      label: 'Noted at',
      nowrap: true,
      render: (note, details) => formatInZone(note.notedAt, details.client.timeZone),
    },
    { label: 'Note', render: (note) => note.text },
  ],
  useFields: caseNoteFields,
  Inputs: CaseNoteInputs,
  defaults: () => ({ notedAt: thisMinute(), text: '' }),
  orderBy: (note) => note.notedAt,
};

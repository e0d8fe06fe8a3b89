import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { NullableBooleanInput, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AcnsSeizure } from '../../../../../contract/acns';
import { acnsLines, seizuresAnswerDisagreement } from '../../../../../contract/acnsRules';
import type {
  INTERPRETATION_KINDS,
  INTERPRETATION_STATUSES,
  RecordItem,
} from '../../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../../contract/cases';
import { type SignedReading, signingErrors } from '../../../../../contract/signing';
import { formatInZone } from '../../../../dates';
import { ZonedDateTimeInput } from '../../../../forms/ZonedDateTimeInput';
import { choicesOf } from '../../caseLabels';
import { InputRow } from '../InputRow';
import type { FieldSpec } from '../recordDiff';
import { labelledField, momentField, recordFormSchema } from '../recordFields';
import { formatPeriod, personLabelOf } from '../recordFormat';
import type { RecordKindView, RecordOf } from '../types';
import { AcnsInputs } from './acns/AcnsInputs';
import { acnsFieldSpecs, acnsFromForm, findingsInBrief } from './acns/acnsFormat';
import { addendaUnderWhatTheyAmend } from './addenda';

type Interpretation = RecordOf<'interpretations'>;

export const INTERPRETATION_KIND_LABELS: Record<(typeof INTERPRETATION_KINDS)[number], string> = {
  prelim: 'Preliminary',
  daily: 'Daily',
  final: 'Final',
  addendum: 'Addendum',
};
const STATUS_LABELS: Record<(typeof INTERPRETATION_STATUSES)[number], string> = {
  draft: 'Draft',
  signed: 'Signed',
};
const KIND_CHOICES = choicesOf(INTERPRETATION_KIND_LABELS);

/** The sections of a report, in the order an EEG report reads (ACNS). */
const SECTIONS = [
  { field: 'background', label: 'Background' },
  { field: 'sleep', label: 'Sleep' },
  { field: 'epileptiform', label: 'Epileptiform activity' },
  { field: 'seizures', label: 'Seizures' },
  { field: 'impression', label: 'Impression' },
] as const;

const interpretationFields = (details: CaseDetails): readonly FieldSpec[] => [
  labelledField('kind', 'Kind', INTERPRETATION_KIND_LABELS),
  momentField('periodStart', 'Period start', details.client.timeZone),
  momentField('periodEnd', 'Period end', details.client.timeZone),
  ...SECTIONS,
  {
    field: 'seizuresInPeriod',
    label: 'Seizures in this period',
    format: (value) => answerText(value as boolean | null),
  },
  ...acnsFieldSpecs(details.client.timeZone),
  labelledField('status', 'Status', STATUS_LABELS),
  { field: 'signedBy', label: 'Signed by', format: (value) => personLabelOf(details, String(value)) },
  momentField('signedAt', 'Signed at', details.client.timeZone),
];

const isSigned = (interpretation: Interpretation) => interpretation.status === 'signed';

/** `by Marcus Feld, MD, FACNS at …`: who signed and when, the signer's name and credentials as written. */
const signatureOf = (interpretation: Interpretation, details: CaseDetails) =>
  interpretation.signedBy && interpretation.signedAt
    ? `by ${personLabelOf(details, interpretation.signedBy)} at ${formatInZone(interpretation.signedAt, details.client.timeZone)}`
    : undefined;

const statusText = (interpretation: Interpretation, details: CaseDetails) => {
  const signature = signatureOf(interpretation, details);
  return isSigned(interpretation) && signature ? `Signed ${signature}` : 'Draft';
};

/** Yes, no, or not answered yet (null). */
const answerText = (answer: boolean | null | undefined) =>
  answer === true ? 'Yes' : answer === false ? 'No' : 'Not answered';

/**
 * "Seizures in this period", next to the impression, with a warning while the answer disagrees with the
 * seizure entries further down: a draft may be saved so, the signature refuses it (DESIGN §4).
 */
const SeizuresAnswerInput = () => {
  const [answer, seizures] = useWatch({ name: ['seizuresInPeriod', 'acnsSeizures'] }) as [
    boolean | null | undefined,
    { class?: string }[] | undefined,
  ];
  const disagreement = seizuresAnswerDisagreement(
    answer,
    (seizures ?? []).filter((seizure): seizure is AcnsSeizure => Boolean(seizure?.class)),
  );
  return (
    <>
      <NullableBooleanInput
        source="seizuresInPeriod"
        label="Seizures in this period"
        nullLabel="Not answered"
        trueLabel="Yes"
        falseLabel="No"
        helperText="Needed to sign a daily or final report; agrees with the seizures listed under ACNS terminology"
      />
      {disagreement && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {disagreement}. A draft may be saved so; it cannot be signed until they agree.
        </Alert>
      )}
    </>
  );
};

const InterpretationInputs = ({ details }: { details: CaseDetails }) => (
  <>
    <SelectInput source="kind" label="Kind" choices={KIND_CHOICES} isRequired autoFocus />
    <InputRow>
      <ZonedDateTimeInput source="periodStart" label="Period start" timeZone={details.client.timeZone} />
      <ZonedDateTimeInput source="periodEnd" label="Period end" timeZone={details.client.timeZone} />
    </InputRow>
    {SECTIONS.map(({ field, label }) => (
      <TextInput key={field} source={field} label={label} multiline minRows={2} />
    ))}
    <SeizuresAnswerInput />
    <AcnsInputs timeZone={details.client.timeZone} />
  </>
);

/**
 * What is signed, together: the impression, the structured findings in ACNS abbreviations and the answer
 * to "seizures in this period", so a signer sees them side by side whatever the form scrolled past.
 */
const SigningSummary = ({ item, details }: { item: RecordItem; details: CaseDetails }) => {
  const interpretation = item as Interpretation;
  const time = (at: string) => formatInZone(at, details.client.timeZone);
  const findings = acnsLines(interpretation, time);
  const rows: [string, string][] = [
    ['Impression', interpretation.impression || '—'],
    ...(findings.length
      ? findings.map(({ label, text }): [string, string] => [`${label} (ACNS)`, text])
      : [['Findings (ACNS)', 'None recorded'] as [string, string]]),
    ['Seizures in this period', answerText(interpretation.seizuresInPeriod)],
  ];
  return (
    <Box
      component="dl"
      aria-label="What is signed"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, mt: 0 }}
    >
      {rows.map(([label, text]) => (
        <Fragment key={label}>
          <Typography component="dt" variant="subtitle2">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
            {text}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
};

/** Says what a signed final interpretation allows, and whether the case has one. */
const InterpretationIntro = ({
  details,
  records,
}: {
  details: CaseDetails;
  records: readonly Interpretation[];
}) => {
  const final = records.find((found) => found.kind === 'final' && isSigned(found) && !found.voided);
  return (
    <Alert severity={final ? 'success' : 'info'}>
      Moving the case from preview to reviewed needs a signed final interpretation.{' '}
      {final
        ? `The final interpretation is ${['signed', signatureOf(final, details)].filter(Boolean).join(' ')}.`
        : 'None is signed yet: write the final interpretation as a draft, then sign it.'}{' '}
      A case has one final interpretation: edit its draft, and once it is signed, add an addendum to it.
      Signing is final; a signed interpretation is then changed only by an addendum, never voided.
    </Alert>
  );
};

/** Interpretations: the reader's drafts, signed once final, and addenda to what was signed. */
export const interpretationsView: RecordKindView<Interpretation> = {
  kind: 'interpretations',
  title: 'Interpretations',
  noun: 'interpretation',
  emptyText: 'No interpretations yet.',
  schema: recordFormSchema('interpretations'),
  columns: [
    {
      label: 'Kind',
      nowrap: true,
      render: (interpretation) =>
        interpretation.amendsId ? (
          <Box component="span" sx={{ pl: 2 }}>
            ↳ Addendum
          </Box>
        ) : (
          INTERPRETATION_KIND_LABELS[interpretation.kind]
        ),
    },
    {
      label: 'Period',
      render: ({ periodStart, periodEnd }, details) =>
        formatPeriod(periodStart, periodEnd, details.client.timeZone),
    },
    { label: 'Status', render: statusText },
    { label: 'Findings (ACNS)', render: (interpretation) => findingsInBrief(interpretation) || '—' },
    { label: 'Impression', render: (interpretation) => interpretation.impression || '—' },
  ],
  useFields: interpretationFields,
  Inputs: InterpretationInputs,
  toFields: acnsFromForm,
  defaults: (details) => ({
    kind: details.stage === 'preview' ? 'final' : 'daily',
    periodStart: details.recordingStart,
    periodEnd: details.recordingEnd,
  }),
  arrange: addendaUnderWhatTheyAmend,
  editable: (interpretation) => !isSigned(interpretation),
  actions: [
    {
      label: 'Sign',
      shows: (interpretation, { canEdit }) => canEdit && !isSigned(interpretation) && !interpretation.voided,
      effect: {
        type: 'confirm',
        revision: {
          title: 'Sign interpretation',
          Summary: SigningSummary,
          message:
            'Read the impression and the findings above together: signing this report is final. It is signed in your name, now, and can no longer be edited. Anything to add or correct afterwards goes in an addendum.',
          refusal: (item) => signingErrors(item as unknown as SignedReading)[0]?.message,
          confirmLabel: 'Sign this report',
          changes: { status: 'signed' },
          done: 'Interpretation signed',
        },
      },
    },
    {
      label: 'Add addendum',
      shows: (interpretation, { canCreate }) =>
        canCreate && isSigned(interpretation) && !interpretation.voided,
      effect: {
        type: 'create',
        from: ({ _id, periodStart, periodEnd }) => ({
          kind: 'addendum',
          amendsId: _id,
          periodStart,
          periodEnd,
        }),
      },
    },
  ],
  csvRow: (interpretation, details) => {
    const time = (at: string | null) => (at ? formatInZone(at, details.client.timeZone) : '');
    const acns = Object.fromEntries(acnsLines(interpretation, time).map(({ part, text }) => [part, text]));
    return {
      id: String(interpretation._id),
      kind: INTERPRETATION_KIND_LABELS[interpretation.kind],
      amends: interpretation.amendsId ? String(interpretation.amendsId) : '',
      periodStart: time(interpretation.periodStart),
      periodEnd: time(interpretation.periodEnd),
      status: statusText(interpretation, details),
      voided: interpretation.voided ? 'yes' : '',
      acnsBackground: acns.background ?? '',
      acnsPatterns: acns.patterns ?? '',
      acnsSeizures: acns.seizures ?? '',
      seizureBurden: acns.burden ?? '',
      seizuresInPeriod: answerText(interpretation.seizuresInPeriod),
      ...Object.fromEntries(SECTIONS.map(({ field }) => [field, interpretation[field]])),
    };
  },
  Intro: InterpretationIntro,
  wideDialog: true,
};

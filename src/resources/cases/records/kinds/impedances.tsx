import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { TextInput } from 'react-admin';
import type { CaseDetails } from '../../../../../contract/cases';
import { ELECTRODES } from '../../../../../contract/electrodes';
import { formatInZone } from '../../../../dates';
import { ZonedDateTimeInput } from '../../../../forms/ZonedDateTimeInput';
import type { FieldSpec } from '../recordDiff';
import { momentField, recordFormSchema } from '../recordFields';
import { thisMinute } from '../recordFormat';
import type { RecordKindView, RecordOf } from '../types';
import { useImpedanceLimit } from '../useImpedanceLimit';
import { ElectrodeGrid, filledValues } from './ElectrodeGrid';
import { impedanceSummary } from './impedanceSummary';

type ImpedanceCheck = RecordOf<'impedances'>;

const impedanceFields = ({ client }: CaseDetails): readonly FieldSpec[] => [
  momentField('measuredAt', 'Measured at', client.timeZone),
  { field: 'values', label: 'Impedance', keys: ELECTRODES, format: (kOhm) => `${kOhm} kΩ` },
  { field: 'actionTaken', label: 'Action taken' },
];

/** "the limit of protocol revision 3 (10 kΩ)", or the default's when the client had no protocol at intake. */
const limitText = (limit: number, revision: number | null) =>
  `${revision ? `the limit of protocol revision ${revision}` : 'the default limit'} (${limit} kΩ)`;

/** "19 electrodes, 2 over 10 kΩ: T7 14, O2 22", the electrodes over the limit in red. */
const Summary = ({ check, details }: { check: ImpedanceCheck; details: CaseDetails }) => {
  const { limit } = useImpedanceLimit(details);
  const { text, over } = impedanceSummary(check.values, check.overLimit, limit);
  return (
    <>
      {text}
      {over.length > 0 && ': '}
      {over.map(({ electrode, kOhm }, index) => (
        <Fragment key={electrode}>
          {index > 0 && ', '}
          <Box component="strong" sx={{ color: 'error.main' }}>
            {electrode} {kOhm}
          </Box>
        </Fragment>
      ))}
    </>
  );
};

const ImpedanceInputs = ({ details }: { details: CaseDetails }) => {
  const { limit, revision } = useImpedanceLimit(details);
  return (
    <>
      <ZonedDateTimeInput
        source="measuredAt"
        label="Measured at"
        timeZone={details.client.timeZone}
        isRequired
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        In kΩ, laid out like the head (nose up). A value over {limitText(limit, revision)} shows in red.
      </Typography>
      <ElectrodeGrid limit={limit} />
      <TextInput source="actionTaken" label="Action taken" multiline minRows={2} />
    </>
  );
};

const ImpedanceIntro = ({ details }: { details: CaseDetails }) => {
  const { limit, revision } = useImpedanceLimit(details);
  return (
    <Typography variant="body2" color="text.secondary">
      Electrodes over {limitText(limit, revision)} are shown in red.
    </Typography>
  );
};

/** Impedance checks: kΩ per electrode (ACNS names), flagged over the protocol's limit, and what was done. */
export const impedancesView: RecordKindView<ImpedanceCheck> = {
  kind: 'impedances',
  title: 'Impedances',
  noun: 'impedance check',
  emptyText: 'No impedance checks yet.',
  schema: recordFormSchema('impedances'),
  columns: [
    {
      label: 'Measured at',
      nowrap: true,
      render: (check, details) => formatInZone(check.measuredAt, details.client.timeZone),
    },
    { label: 'Electrodes', render: (check, details) => <Summary check={check} details={details} /> },
    { label: 'Action taken', render: (check) => check.actionTaken || '—' },
  ],
  useFields: impedanceFields,
  Inputs: ImpedanceInputs,
  defaults: () => ({ measuredAt: thisMinute(), values: {}, actionTaken: '' }),
  toFields: ({ values, ...fields }) => ({ ...fields, values: filledValues(values) }),
  orderBy: (check) => check.measuredAt,
  Intro: ImpedanceIntro,
  wideDialog: true,
};

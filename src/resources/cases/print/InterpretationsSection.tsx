import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { acnsLines } from '../../../../contract/acnsRules';
import type { CaseDetails } from '../../../../contract/cases';
import { ReportSection } from '../../../print/ReportSection';
import type { TimeFormat } from '../../../print/reportFormat';
import { addendaUnderWhatTheyAmend } from '../records/kinds/addenda';
import { INTERPRETATION_KIND_LABELS } from '../records/kinds/interpretations';
import { personLabelOf } from '../records/recordFormat';
import type { RecordOf } from '../records/types';
import { RecordsGate } from './RecordsGate';
import { useRecordsOf } from './reportQueries';

type Interpretation = RecordOf<'interpretations'>;

/** The parts of an EEG report, in the order it reads (ACNS). */
const REPORT_PARTS = {
  background: 'Background',
  sleep: 'Sleep',
  epileptiform: 'Epileptiform activity',
  seizures: 'Seizures',
  impression: 'Impression',
} as const;
const PARTS = Object.entries(REPORT_PARTS) as [keyof typeof REPORT_PARTS, string][];

interface InterpretationProps {
  interpretation: Interpretation;
  details: CaseDetails;
  time: TimeFormat;
}

/** Who signed and when; a draft says so plainly, so that nobody takes it for the signed report. */
const Signature = ({ interpretation, details, time }: InterpretationProps) =>
  interpretation.status === 'signed' && interpretation.signedBy ? (
    <Typography>
      Signed by {personLabelOf(details, interpretation.signedBy)} on {time(interpretation.signedAt)}
    </Typography>
  ) : (
    <Typography sx={{ fontWeight: 'bold', border: 2, px: 1, alignSelf: 'flex-start' }}>
      DRAFT: not signed
    </Typography>
  );

/** The structured findings in ACNS abbreviations, before the free text that explains them. */
const Findings = ({ interpretation, time }: InterpretationProps) => {
  const lines = acnsLines(interpretation, (at) => time(at));
  if (lines.length === 0) return null;
  return (
    <Box
      component="dl"
      aria-label="ACNS terminology"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}
    >
      {lines.map(({ part, label, text }) => (
        <Box key={part} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="subtitle2">
            {label} (ACNS)
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

const InterpretationBlock = (props: InterpretationProps) => {
  const { interpretation, time } = props;
  const { periodStart, periodEnd } = interpretation;
  const title = interpretation.amendsId
    ? 'Addendum to the interpretation above'
    : `${INTERPRETATION_KIND_LABELS[interpretation.kind]} interpretation`;
  const period = periodStart || periodEnd ? `, ${time(periodStart)} to ${time(periodEnd)}` : '';
  return (
    <Box
      component="article"
      aria-label={title}
      data-keep-together
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        breakInside: 'avoid',
        ...(interpretation.amendsId ? { ml: 3, pl: 2, borderLeft: 2 } : {}),
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'bold' }}>
        {title}
        {period}
      </Typography>
      <Signature {...props} />
      <Findings {...props} />
      <Box component="dl" sx={{ m: 0 }}>
        {PARTS.filter(([field]) => interpretation[field]).map(([field, label]) => (
          <Box key={field} sx={{ mt: 1 }}>
            <Typography component="dt" variant="subtitle2">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
              {interpretation[field]}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};

const periodOrder = (interpretation: Interpretation) =>
  interpretation.periodStart ?? interpretation.createdAt;

/** Every interpretation in the order of the periods they cover, addenda under what they amend, each with its signer, drafts marked. */
export const InterpretationsSection = ({ details, time }: { details: CaseDetails; time: TimeFormat }) => {
  const query = useRecordsOf(details.id, 'interpretations');
  return (
    <ReportSection title="Interpretations">
      <RecordsGate query={query} noun="interpretations" one="interpretation">
        {(interpretations) =>
          addendaUnderWhatTheyAmend(
            interpretations.toSorted((a, b) => periodOrder(a).localeCompare(periodOrder(b)) || a._id - b._id),
          ).map((interpretation) => (
            <InterpretationBlock
              key={interpretation._id}
              interpretation={interpretation}
              details={details}
              time={time}
            />
          ))
        }
      </RecordsGate>
    </ReportSection>
  );
};

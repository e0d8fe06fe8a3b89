import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BillableCase, CptCode, CptResult } from '../../../contract/billing';
import { SmallPrint } from '../../print/ReportSection';
import type { TimeFormat } from '../../print/reportFormat';
import { useReaderName } from '../../useReaders';
import { cptText, signerText, unreportedText } from './statementFormat';

/** The month's CPT codes of a case, one per line; each code's description on hover. */
export const CptCodes = ({ cpt }: { cpt: CptResult }) =>
  cpt.codes.length === 0 ? '—' : <CodeList codes={cpt.codes} />;

const CodeList = ({ codes }: { codes: readonly CptCode[] }) =>
  codes.map((code) => (
    <Tooltip key={code.code} title={code.description} describeChild>
      <span style={{ display: 'block', whiteSpace: 'nowrap' }}>{cptText(code)}</span>
    </Tooltip>
  ));

/**
 * The professional codes of a line, under the technical ones: per reader who signed the reports, then the
 * periods no signed report covers (they bill nothing until one is signed).
 */
export const ProfessionalCodes = ({
  professional,
  time,
}: {
  professional: BillableCase['professional'];
  time: TimeFormat;
}) => {
  const readerName = useReaderName();
  if (!professional) return null;
  return (
    <>
      {professional.readers.map(({ reader, codes }) => (
        <span key={reader ?? ''} style={{ display: 'block', marginTop: 4 }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Signed by {signerText(reader, readerName)}
          </Typography>
          <CodeList codes={codes} />
        </span>
      ))}
      {professional.unreported.map((period) => (
        <Typography
          key={period.start}
          variant="caption"
          color="warning.main"
          sx={{ display: 'block', mt: 0.5 }}
        >
          {unreportedText(period, time)}
        </Typography>
      ))}
    </>
  );
};

/** What each code on the statement means: a hover neither prints nor reaches the keyboard. */
export const CptLegend = ({ codes }: { codes: readonly CptCode[] }) => {
  const described = new Map(codes.map((code) => [code.code, code.description]));
  if (described.size === 0) return null;
  return (
    <SmallPrint>
      {[...described]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, description]) => `${code}: ${description}`)
        .join(' · ')}
    </SmallPrint>
  );
};

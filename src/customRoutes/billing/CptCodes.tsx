import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BillableCase, CptCode, CptResult } from '../../../contract/billing';
import { SmallPrint } from '../../print/ReportSection';
import { useReaderName } from '../../resources/cases/useReaders';
import { cptText } from './statementFormat';

/** The month's CPT codes of a case, one per line; each code's description on hover. */
export const CptCodes = ({ cpt }: { cpt: CptResult }) =>
  cpt.codes.length === 0
    ? '—'
    : cpt.codes.map((code) => (
        <Tooltip key={code.code} title={code.description} describeChild>
          <span style={{ display: 'block', whiteSpace: 'nowrap' }}>{cptText(code)}</span>
        </Tooltip>
      ));

/** The reader's professional codes of a line, under the technical ones, with whose they are. */
export const ProfessionalCodes = ({ professional }: { professional: BillableCase['professional'] }) => {
  const readerName = useReaderName();
  if (!professional || professional.codes.length === 0) return null;
  return (
    <span style={{ display: 'block', marginTop: 4 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        Reader {professional.reader ? readerName(professional.reader) : 'not named'}
      </Typography>
      {professional.codes.map((code) => (
        <Tooltip key={code.code} title={code.description} describeChild>
          <span style={{ display: 'block', whiteSpace: 'nowrap' }}>{cptText(code)}</span>
        </Tooltip>
      ))}
    </span>
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

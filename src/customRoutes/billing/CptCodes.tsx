import Tooltip from '@mui/material/Tooltip';
import type { CptCode, CptResult } from '../../../contract/billing';
import { SmallPrint } from '../../resources/cases/print/ReportSection';
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

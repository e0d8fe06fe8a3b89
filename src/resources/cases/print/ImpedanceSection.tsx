import type { CaseDetails } from '../../../../contract/cases';
import { FactList } from '../../../FactList';
import { ReportSection } from '../../../print/ReportSection';
import { ReportTable } from '../../../print/ReportTable';
import type { TimeFormat } from '../../../print/reportFormat';
import { type ImpedanceCheck, impedanceSummary } from './impedanceSummary';
import { RecordsGate } from './RecordsGate';
import { useRecordsOf } from './reportQueries';

const overLimitText = ({ overLimit, values }: ImpedanceCheck) =>
  overLimit.map((electrode) => `${electrode} ${values[electrode]} kΩ`).join(', ') || 'None';

const ImpedanceChecks = ({ records, time }: { records: ImpedanceCheck[]; time: TimeFormat }) => {
  const { checks, first, last, overLimit } = impedanceSummary(records);
  return (
    <>
      <FactList
        label="Impedance checks at a glance"
        facts={[
          { label: 'Checks', value: checks.length },
          { label: 'First check', value: time(first) },
          { label: 'Last check', value: time(last) },
          {
            label: 'Ever over the limit',
            value:
              overLimit
                .map(({ electrode, highestKOhm }) => `${electrode} (up to ${highestKOhm} kΩ)`)
                .join(', ') || 'None',
          },
        ]}
      />
      <ReportTable
        label="Impedance checks"
        head={['Measured', 'Over the limit', 'Action taken']}
        rows={checks.map((check) => ({
          key: check._id,
          cells: [time(check.measuredAt), overLimitText(check), check.actionTaken || '—'],
        }))}
      />
    </>
  );
};

/** How many checks, when, which electrodes went over the protocol's limit, and each check in a line. */
export const ImpedanceSection = ({ details, time }: { details: CaseDetails; time: TimeFormat }) => {
  const query = useRecordsOf(details.id, 'impedances');
  return (
    <ReportSection title="Impedance summary">
      <RecordsGate query={query} noun="impedance checks" one="impedance check">
        {(records) => <ImpedanceChecks records={records} time={time} />}
      </RecordsGate>
    </ReportSection>
  );
};

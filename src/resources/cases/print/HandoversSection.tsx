import type { CaseDetails } from '../../../../contract/cases';
import { ReportSection } from '../../../print/ReportSection';
import { ReportTable } from '../../../print/ReportTable';
import type { TimeFormat } from '../../../print/reportFormat';
import { nameOf } from '../records/recordFormat';

/** The handovers between technologists (DESIGN §4), in the order they happened; none, no section. */
export const HandoversSection = ({ details, time }: { details: CaseDetails; time: TimeFormat }) =>
  details.handovers.length === 0 ? null : (
    <ReportSection title="Handovers">
      <ReportTable
        label="Handovers"
        head={['Time', 'From', 'To', 'Note', 'Recorded by']}
        rows={details.handovers.map((handover) => ({
          key: handover.id,
          cells: [
            time(handover.at),
            nameOf(details, handover.from),
            nameOf(details, handover.to),
            handover.note || '—',
            nameOf(details, handover.by),
          ],
        }))}
      />
    </ReportSection>
  );

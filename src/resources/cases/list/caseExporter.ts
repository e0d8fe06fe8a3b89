import type { Exporter } from 'react-admin';
import type { CaseRow } from '../../../../contract/cases';
import { safeExporter } from '../../../csv';
import { MONITORING_LEVEL_LABELS, STAGE_LABELS, STUDY_TYPE_LABELS } from '../caseLabels';
import { PRIORITY_LABELS } from '../clocks/ClockStatus';

/**
 * The columns the list shows, nothing more of the patient than their name and MRN, and the order's
 * administrative part (when, how urgent, by whom, its number; empty cells without an order): never the
 * indication, which is clinical content (DESIGN §3 minimum necessary), whoever exports.
 */
const csvLine = (row: CaseRow) => ({
  'Case number': row.caseNumber,
  Client: row.clientName,
  Stage: STAGE_LABELS[row.stage],
  Patient: row.patientName ?? '',
  MRN: row.mrn ?? '',
  'Study type': STUDY_TYPE_LABELS[row.studyType],
  Video: row.hasVideo ? 'Yes' : 'No',
  'Monitoring level': MONITORING_LEVEL_LABELS[row.monitoringLevel],
  Technologists: row.technologists.join(', '),
  'Recording start': row.recordingStart ?? '',
  'Recording end': row.recordingEnd ?? '',
  'Ordered at': row.order?.orderedAt ?? '',
  Priority: row.order?.priority ? PRIORITY_LABELS[row.order.priority] : '',
  'Ordering physician': row.order?.orderingPhysician.name ?? '',
  'Ordering physician phone': row.order?.orderingPhysician.phone ?? '',
  'Placer order number': row.order?.placerOrderNumber ?? '',
  Overdue: row.overdue ? 'Yes' : 'No',
  Updated: row.updatedAt,
});

/** The stage list's CSV, named after the list, e.g. `cases-monitoring.csv`; every cell kept as text. */
export const caseExporter: Exporter<CaseRow> = (
  rows,
  fetchRelatedRecords,
  dataProvider,
  resource = 'cases',
) =>
  safeExporter(rows.map(csvLine), fetchRelatedRecords, dataProvider, resource.split('/').slice(-2).join('-'));

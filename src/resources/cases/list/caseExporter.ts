import type { Exporter } from 'react-admin';
import type { CaseRow } from '../../../../contract/cases';
import { safeExporter } from '../../../csv';
import { MONITORING_LEVEL_LABELS, STAGE_LABELS, STUDY_TYPE_LABELS } from '../caseLabels';

/** The columns the list shows, nothing more of the patient than their name and MRN. */
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

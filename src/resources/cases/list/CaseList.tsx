import Typography from '@mui/material/Typography';
import { CreateButton, DataTable, ExportButton, FilterButton, List, TopToolbar } from 'react-admin';
import type { CaseRow, CaseStage } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { ListFilters } from '../../../forms/ListFilters';
import { PageHeading } from '../../../layout/PageHeading';
import { MONITORING_LEVEL_LABELS, STAGE_LABELS, STUDY_TYPE_LABELS } from '../caseLabels';
import { openCase } from '../caseLinks';
import { NearestClockCell } from '../clocks/NearestClockCell';
import { CASE_COLUMNS } from '../fields/caseColumns';
import { TechnologistNames } from '../fields/TechnologistNames';
import { CaseEmpty } from './CaseEmpty';
import { caseExporter } from './caseExporter';
import { useCaseFilters } from './caseFilters';
import { StageTabs } from './StageTabs';

const Col = DataTable.Col<CaseRow>;

/** Type, video and monitoring level in one column, so that the list fits a 1280 px window beside the menu. */
const StudyCell = ({ row }: { row: CaseRow }) => (
  <>
    {STUDY_TYPE_LABELS[row.studyType]}
    {row.hasVideo ? ' with video' : ''}
    <Typography variant="body2" color="text.secondary">
      {MONITORING_LEVEL_LABELS[row.monitoringLevel]}
    </Typography>
  </>
);

/** The recording's start, and its end below it once there is one. */
const RecordingCell = ({ row }: { row: CaseRow }) => (
  <>
    {formatInZone(row.recordingStart, row.clientTimeZone)}
    {row.recordingEnd && (
      <Typography variant="body2" color="text.secondary">
        {`to ${formatInZone(row.recordingEnd, row.clientTimeZone)}`}
      </Typography>
    )}
  </>
);

/** "New case" on intake for those who may create cases (the button checks `canAccess`); CSV for all. */
const CaseListActions = ({ stage }: { stage: CaseStage }) => (
  <TopToolbar>
    <FilterButton filters={useCaseFilters()} />
    {stage === 'intake' && <CreateButton label="New case" />}
    <ExportButton />
  </TopToolbar>
);

/**
 * A stage list, `/continuous-monitoring/cases/{stage}` (DESIGN §9): the stages as tabs with their counts
 * under the current filters, server-side pagination, sort and filters, CSV export; a row opens its case.
 */
export const CaseList = ({ stage }: { stage: CaseStage }) => {
  const filters = useCaseFilters();
  return (
    <>
      <PageHeading>{`${STAGE_LABELS[stage]} cases`}</PageHeading>
      <List<CaseRow>
        title={`${STAGE_LABELS[stage]} cases`}
        filters={<ListFilters filters={filters} />}
        actions={<CaseListActions stage={stage} />}
        exporter={caseExporter}
        // Intake sorts by the clock nearest to breach (DESIGN §4 turn 4); the other stages newest first.
        sort={
          stage === 'intake' ? { field: 'clockDueBy', order: 'ASC' } : { field: 'createdAt', order: 'DESC' }
        }
        perPage={25}
        empty={false}
        sx={{
          // Narrow cell padding: the eight columns fit 1280 px beside the menu; a phone scrolls the table alone.
          '& .MuiTableCell-root': { px: 1 },
        }}
      >
        <StageTabs current={stage} />
        <DataTable rowClick={openCase} bulkActionButtons={false} empty={<CaseEmpty stage={stage} />}>
          {CASE_COLUMNS.caseNumber}
          <Col source="clientName" label="Client" disableSort />
          {CASE_COLUMNS.patient}
          <Col source="mrn" label="MRN" disableSort render={(row) => row.mrn ?? '—'} />
          <Col source="studyType" label="Study" disableSort render={(row) => <StudyCell row={row} />} />
          <Col
            source="technologists"
            disableSort
            render={(row) => <TechnologistNames usernames={row.technologists} />}
          />
          <Col source="recordingStart" label="Recording" render={(row) => <RecordingCell row={row} />} />
          {/* Intake is where a clock waits on the service (hookup); the board shows the others' clocks. */}
          {stage === 'intake' && (
            <Col source="clockDueBy" label="Turnaround" render={(row) => <NearestClockCell row={row} />} />
          )}
          {CASE_COLUMNS.updated}
        </DataTable>
      </List>
    </>
  );
};

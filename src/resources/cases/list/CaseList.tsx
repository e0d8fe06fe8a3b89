import {
  BooleanField,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  TopToolbar,
} from 'react-admin';
import type { CaseRow, CaseStage } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { ListFilters } from '../../../forms/ListFilters';
import { PageHeading } from '../../../layout/PageHeading';
import { MONITORING_LEVEL_LABELS, STAGE_LABELS, STUDY_TYPE_LABELS } from '../caseLabels';
import { openCase } from '../caseLinks';
import { CASE_COLUMNS } from '../fields/caseColumns';
import { TechnologistNames } from '../fields/TechnologistNames';
import { CaseEmpty } from './CaseEmpty';
import { caseExporter } from './caseExporter';
import { useCaseFilters } from './caseFilters';
import { StageTabs } from './StageTabs';

const Col = DataTable.Col<CaseRow>;

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
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } }}
      >
        <StageTabs current={stage} />
        <DataTable rowClick={openCase} bulkActionButtons={false} empty={<CaseEmpty stage={stage} />}>
          {CASE_COLUMNS.caseNumber}
          <Col source="clientName" label="Client" disableSort />
          {CASE_COLUMNS.patient}
          <Col source="mrn" label="MRN" disableSort render={(row) => row.mrn ?? '—'} />
          <Col
            source="studyType"
            label="Study type"
            disableSort
            render={(row) => STUDY_TYPE_LABELS[row.studyType]}
          />
          <Col source="hasVideo" label="Video" disableSort>
            <BooleanField source="hasVideo" />
          </Col>
          <Col
            source="monitoringLevel"
            label="Monitoring"
            disableSort
            render={(row) => MONITORING_LEVEL_LABELS[row.monitoringLevel]}
          />
          <Col
            source="technologists"
            disableSort
            render={(row) => <TechnologistNames usernames={row.technologists} />}
          />
          {CASE_COLUMNS.recordingStart}
          <Col
            source="recordingEnd"
            label="Recording end"
            render={(row) => formatInZone(row.recordingEnd, row.clientTimeZone)}
          />
          {CASE_COLUMNS.updated}
        </DataTable>
      </List>
    </>
  );
};

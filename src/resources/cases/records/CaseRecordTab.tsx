import type { GenericRecordKind, RecordItem } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import { billingNotesView } from './kinds/billingNotes';
import { caseNotesView } from './kinds/caseNotes';
import { eventsView } from './kinds/events';
import { impedancesView } from './kinds/impedances';
import { interpretationsView } from './kinds/interpretations';
import { timeLogsView } from './kinds/timeLogs';
import { RecordPanel } from './RecordPanel';
import { useCaseRecords, useTimeLogs } from './recordQueries';
import type { RecordKindView, RecordOf } from './types';
import { useRecordAccess } from './useRecordAccess';

/** How each kind served by the generic record calls is shown; the tabs are named as the kinds. */
const RECORD_VIEWS: { [K in GenericRecordKind]: RecordKindView<RecordOf<K>> } = {
  events: eventsView,
  impedances: impedancesView,
  'case-notes': caseNotesView,
  interpretations: interpretationsView,
  'billing-notes': billingNotesView,
};

/** A record tab of the case page: one kind's items, with what the caller may do with them. */
export const CaseRecordTab = ({ details, kind }: { details: CaseDetails; kind: GenericRecordKind }) => {
  // The shared pieces handle any item; each view is given only the items of its own kind, as the API
  // answers them for that kind.
  const view = RECORD_VIEWS[kind] as unknown as RecordKindView<RecordItem>;
  const access = useRecordAccess(details, kind);
  const records = useCaseRecords(details.id, kind, access.canList);
  return <RecordPanel key={kind} details={details} view={view} access={access} records={records} />;
};

/** The time-logs tab: the same list and dialogs over the time-log answer, with the caller's own log on top. */
export const TimeLogTab = ({ details }: { details: CaseDetails }) => {
  const access = useRecordAccess(details, 'time-logs');
  const records = useTimeLogs(details.id, access.canList);
  return (
    <RecordPanel
      details={details}
      view={timeLogsView as unknown as RecordKindView<RecordItem>}
      access={access}
      records={records}
    />
  );
};

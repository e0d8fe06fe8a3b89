import type { RecordItem } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import { ConfirmRevisionDialog } from './ConfirmRevisionDialog';
import { RecordFormDialog } from './RecordFormDialog';
import { RecordHistoryDialog } from './RecordHistoryDialog';
import type { FieldSpec } from './recordDiff';
import type { ConfirmedRevision, RecordKindView } from './types';
import type { Insertion, RecordWrites } from './useRecordWrites';

/** What every dialog over a kind's list works with. */
export interface RecordDialogProps {
  details: CaseDetails;
  view: RecordKindView<RecordItem>;
  /** The kind's fields, for differences. */
  fields: readonly FieldSpec[];
  writes: RecordWrites;
  onClose: () => void;
}

/** The dialog open over the list, if any. */
export type OpenDialog =
  | { type: 'form'; item?: RecordItem; initial?: Record<string, unknown>; nextTo?: Insertion }
  | { type: 'confirm'; item: RecordItem; revision: ConfirmedRevision }
  | { type: 'history'; item: RecordItem };

/** Adding or editing an item, confirming a revision, or reading an item's history. */
export const RecordDialogs = ({ dialog, ...props }: RecordDialogProps & { dialog?: OpenDialog }) => {
  switch (dialog?.type) {
    case 'form':
      return (
        <RecordFormDialog {...props} item={dialog.item} initial={dialog.initial} nextTo={dialog.nextTo} />
      );
    case 'confirm':
      return <ConfirmRevisionDialog {...props} item={dialog.item} revision={dialog.revision} />;
    case 'history':
      return <RecordHistoryDialog {...props} item={dialog.item} />;
    default:
      return null;
  }
};

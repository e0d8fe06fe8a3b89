import type { RecordItem } from '../../../../contract/caseRecords';
import { capitalized } from './recordFormat';
import type { ConfirmedRevision, RecordAction, RecordKindView } from './types';

const voidRevision = (noun: string): ConfirmedRevision => ({
  title: `Void ${noun}`,
  message: `A voided ${noun} is never deleted: it stays listed, struck through with the reason, and its history is kept.`,
  confirmLabel: 'Void',
  changes: { voided: true },
  askReason: true,
  done: `${capitalized(noun)} voided`,
});

/** An item's buttons: Edit, the kind's own actions, History, Void; each shown when it applies. */
export function rowActionsOf<R extends RecordItem>(view: RecordKindView<R>): RecordAction<R>[] {
  return [
    {
      label: 'Edit',
      shows: (record, { canEdit }) => canEdit && !record.voided && (view.editable?.(record) ?? true),
      effect: { type: 'edit' },
    },
    ...(view.actions ?? []),
    { label: 'History', shows: () => true, effect: { type: 'history' } },
    {
      label: 'Void',
      // What may not be edited (a signed interpretation) may not be voided either.
      shows: (record, { canEdit }) => canEdit && !record.voided && (view.editable?.(record) ?? true),
      effect: { type: 'confirm', revision: voidRevision(view.noun) },
    },
  ];
}

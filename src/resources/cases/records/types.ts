import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type {
  CaseRecordKind,
  GenericRecordKind,
  RecordItem,
  recordSchema,
} from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import type { InsertionLocation } from '../../../../contract/timeLogs';
import type { FieldSpec } from './recordDiff';

/** An item of one kind as the API answers it (its latest revision, or one from its history). */
export type RecordOf<K extends GenericRecordKind> = z.infer<ReturnType<typeof recordSchema<K>>>;

/** What the caller may do with the records of one kind on this case (nothing once it is closed). */
export interface RecordAccess {
  canList: boolean;
  canCreate: boolean;
  canEdit: boolean;
}

/** A revision written after the user confirms it: a void (with a reason), a signature. */
export interface ConfirmedRevision {
  title: string;
  /** What the revision means, said before it is written. */
  message: string;
  confirmLabel: string;
  changes: Record<string, unknown>;
  /** Asks why, sent as `voidReason`. */
  askReason?: boolean;
  /** What the user confirms, shown whole in the dialog: e.g. a report's impression and findings together. */
  Summary?: ComponentType<{ item: RecordItem; details: CaseDetails }>;
  /** Why the item cannot take the revision as it stands: shown, and the confirm button is disabled. */
  refusal?(item: RecordItem): string | undefined;
  /** The notification once written. */
  done: string;
}

/** What an action on an item does. */
type RecordActionEffect<R> =
  | { type: 'edit' }
  | { type: 'history' }
  | { type: 'confirm'; revision: ConfirmedRevision }
  /** A revision written straight away, e.g. "Mark settled". */
  | { type: 'revise'; changes: Record<string, unknown>; done: string }
  /** A new item starting from this one, e.g. an addendum to a signed interpretation. */
  | {
      type: 'create';
      from(record: R): Record<string, unknown>;
      /** Written next to this item through the insertion call (time logs), not as a free-standing one. */
      location?: InsertionLocation;
    };

/** A button on an item's row. */
export interface RecordAction<R> {
  label: string;
  shows(record: R, access: RecordAccess): boolean;
  effect: RecordActionEffect<R>;
}

/** A column of a kind's list. */
interface RecordColumn<R> {
  label: string;
  render(record: R, details: CaseDetails): ReactNode;
  /** A short value (a time, a number) that reads better on one line. */
  nowrap?: boolean;
}

/** What sits above a kind's list, e.g. the stage change its records allow. */
type RecordIntro<R> = ComponentType<{ details: CaseDetails; records: readonly R[] }>;

/**
 * How one kind of record is listed, edited and compared. The list, the create and edit dialog, the
 * history and the conflict handling are shared by every kind; a kind says only what is its own.
 */
export interface RecordKindView<R> {
  kind: CaseRecordKind;
  /** The tab's heading, e.g. "Events". */
  title: string;
  /** One item, lower case, e.g. "event", "billing note". */
  noun: string;
  emptyText: string;
  /** The rules of a whole item (contract/caseRecords.ts), checked in the dialog as the user types. */
  schema: z.ZodObject;
  columns: readonly RecordColumn<R>[];
  /**
   * Labels and formats of the fields, for the differences in the history and after a conflict; a hook,
   * as some values read as names that are fetched (a notified contact).
   */
  useFields(details: CaseDetails): readonly FieldSpec[];
  /** The dialog's inputs, for a new item and for an edit. */
  Inputs: ComponentType<{ details: CaseDetails }>;
  /** A new item's starting values. */
  defaults(details: CaseDetails): Record<string, unknown>;
  /** The form's values as the API's fields, e.g. electrodes left empty dropped. */
  toFields?(values: Record<string, unknown>): Record<string, unknown>;
  /** Items are listed newest first by this (an ISO time or a YYYY-MM month), else as they were added. */
  orderBy?(record: R): string;
  /** Places items after that order, e.g. each addendum under the interpretation it amends. */
  arrange?(sorted: readonly R[]): R[];
  /** Whether an item may still be edited (a signed interpretation may not); by default it may. */
  editable?(record: R): boolean;
  /** The kind's own actions on an item, shown between Edit and History. */
  actions?: readonly RecordAction<R>[];
  Intro?: RecordIntro<R>;
  /** An item as a row of the tab's CSV export (only kinds that offer one). */
  csvRow?(record: R, details: CaseDetails): Record<string, string>;
  /** A wide form (the electrode grid, the interpretation's sections) takes a wider dialog. */
  wideDialog?: boolean;
}

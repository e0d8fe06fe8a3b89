import { useCanAccess } from 'react-admin';
import type { CaseRecordKind } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import type { RecordAccess } from './types';

/**
 * What the caller's roles allow on one kind of record (resource `cases.{kind}` of contract/roles.ts); a
 * closed case's records are read-only whoever asks (the server refuses with 409).
 */
export function useRecordAccess(
  details: CaseDetails,
  kind: CaseRecordKind,
): RecordAccess & { isPending: boolean } {
  const resource = `cases.${kind}`;
  const list = useCanAccess({ resource, action: 'list' });
  const create = useCanAccess({ resource, action: 'create' });
  const edit = useCanAccess({ resource, action: 'edit' });
  const open = details.stage !== 'closed';
  return {
    isPending: list.isPending || create.isPending || edit.isPending,
    canList: Boolean(list.canAccess),
    canCreate: open && Boolean(create.canAccess),
    canEdit: open && Boolean(edit.canAccess),
  };
}

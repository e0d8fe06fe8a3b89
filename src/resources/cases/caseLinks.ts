import type { Identifier } from 'react-admin';
import type { CaseRow } from '../../../contract/cases';
import { casePagePath } from '../../../contract/paths';

/** A case's page, on its details tab, under the stage it is in. */
export const casePageOf = (row: Pick<CaseRow, 'id' | 'stage'>) => casePagePath(row.stage, row.id);

/** A DataTable's `rowClick`: the row opens its case's page. */
export const openCase = (_id: Identifier, _resource: string, row: CaseRow) => casePageOf(row);

import type { BoardCase } from '../../contract/home';
import { CallNextLine } from '../resources/cases/records/kinds/CallNextLine';

/** A board row's "call next: Dr B, 555-… 4:07" after an unanswered critical call (DESIGN §4). */
export const BoardCallNext = ({ row }: { row: Pick<BoardCase, 'callNext'> }) =>
  row.callNext ? <CallNextLine next={row.callNext} /> : null;

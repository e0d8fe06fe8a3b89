import { sql } from 'drizzle-orm';
import type { DbOrTx } from './transaction';

export type BrokenLink = { id: number; chainSeq: number | null; problem: string };

/**
 * The first entry where the audit log's hash chain breaks (none when it holds): an entry outside the chain,
 * one whose predecessor is missing or was changed, or one whose own content was changed. The chain is
 * made by the database's insert trigger (migration 0015); here it is only read.
 */
export async function firstBrokenLink(db: DbOrTx): Promise<BrokenLink | undefined> {
  const result = await db.execute<{ id: string; chain_seq: string | null; problem: string }>(sql`
    select id, chain_seq,
      case
        when chain_seq is null then 'the entry is outside the chain'
        when chain_seq <> coalesce(previous_seq, 0) + 1 or prev_hash is distinct from previous_hash
          then 'the entry before it is missing or was changed'
        else 'the entry itself was changed'
      end as problem
    from (
      select entry.id, entry.chain_seq, entry.prev_hash, entry.hash,
        audit_log_entry_hash(entry.prev_hash, entry) as recomputed,
        lag(entry.hash) over chain as previous_hash, lag(entry.chain_seq) over chain as previous_seq
      from audit_log entry
      window chain as (order by entry.chain_seq nulls last, entry.id)
    ) walked
    where chain_seq is null or chain_seq <> coalesce(previous_seq, 0) + 1
      or prev_hash is distinct from previous_hash or hash is distinct from recomputed
    order by chain_seq nulls last, id
    limit 1`);
  const [row] = result.rows;
  return (
    row && {
      id: Number(row.id),
      chainSeq: row.chain_seq === null ? null : Number(row.chain_seq),
      problem: row.problem,
    }
  );
}

/** How many entries the chain holds. */
export async function chainLength(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ entries: string }>(sql`select count(*) as entries from audit_log`);
  return Number(result.rows[0]?.entries ?? 0);
}

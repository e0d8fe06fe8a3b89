ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_idx" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
-- An entry's hash: over the previous entry's hash, its place in the chain and everything it records, as
-- one JSON array (unambiguous; jsonb's text and the UTC timestamp are the same on every server).
CREATE FUNCTION "audit_log_entry_hash"(prev text, entry "audit_log") RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    prev, entry.chain_seq, to_char(entry.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    entry.actor, entry.action, entry.resource, entry.resource_id, entry.outcome, entry.details
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Each new entry links to the last one. The transaction-scoped lock makes inserts take their turn until
-- each commits, so two concurrent entries never link to the same predecessor.
CREATE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
BEGIN
  PERFORM pg_advisory_xact_lock(1986094444);
  SELECT chain_seq, hash INTO last FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last.chain_seq, 0) + 1;
  NEW.prev_hash := last.hash;
  NEW.hash := audit_log_entry_hash(last.hash, NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The entries already there are chained in the order they were written.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
DO $$
DECLARE
  entry audit_log;
  prev text := NULL;
  seq bigint := 0;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    seq := seq + 1;
    entry.chain_seq := seq;
    entry.prev_hash := prev;
    entry.hash := audit_log_entry_hash(prev, entry);
    UPDATE audit_log SET chain_seq = entry.chain_seq, prev_hash = entry.prev_hash, hash = entry.hash WHERE id = entry.id;
    prev := entry.hash;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();

ALTER TABLE "case_record_heads" ADD COLUMN "call_closed_at" timestamp with time zone;--> statement-breakpoint
-- When an event's call was closed (schema.ts `caseRecordHeads.callClosedAt`): its latest attempt that
-- reached someone with read-back not refused (contract/callOrder.ts `closesCall`), kept on the event's head
-- in the transaction that records the attempt. The board and the attention list then find the calls still
-- open on the heads they read, instead of probing each event's attempts. Attempts are never changed or
-- deleted; two recorded at once for one event take the row lock in turn, and the later time stays.
CREATE FUNCTION "case_record_heads_call_closed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "case_record_heads" SET "call_closed_at" = NEW."at"
  WHERE "item_id" = NEW."item_id" AND ("call_closed_at" IS NULL OR "call_closed_at" < NEW."at");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "call_attempts_close_calls" AFTER INSERT ON "call_attempts"
  FOR EACH ROW WHEN (NEW."outcome" = 'reached' AND NEW."read_back" IS NOT FALSE)
  EXECUTE FUNCTION "case_record_heads_call_closed"();
--> statement-breakpoint
-- The calls closed before this migration.
UPDATE "case_record_heads" head SET "call_closed_at" = closing."at"
FROM (
  SELECT "item_id", max("at") AS "at" FROM "call_attempts"
  WHERE "outcome" = 'reached' AND "read_back" IS NOT FALSE
  GROUP BY "item_id"
) closing
WHERE head."item_id" = closing."item_id";

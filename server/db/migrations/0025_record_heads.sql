CREATE TABLE "case_record_heads" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"kind" text NOT NULL,
	"voided" boolean NOT NULL,
	"type" text,
	"at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "case_record_heads" ADD CONSTRAINT "case_record_heads_item_id_case_record_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."case_record_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_record_heads" ADD CONSTRAINT "case_record_heads_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_record_heads_case_idx" ON "case_record_heads" USING btree ("case_id","kind","at");--> statement-breakpoint
CREATE INDEX "case_record_heads_events_idx" ON "case_record_heads" USING btree ("type","at") WHERE "case_record_heads"."kind" = 'events' and not "case_record_heads"."voided";--> statement-breakpoint
-- The latest state of each event, impedance check and interpretation (schema.ts `caseRecordHeads`), kept by
-- this trigger in the transaction that writes each revision. A revision older than the one kept (two
-- writers committing out of order) changes nothing. Its time is an event's `occurredAt`, an impedance
-- check's `measuredAt`, a signed interpretation's `signedAt` (contract/caseRecords.ts validates them as ISO
-- instants); its type an event's `type`, an interpretation's `kind`.
CREATE FUNCTION "case_record_heads_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_case integer;
  item_kind text;
BEGIN
  SELECT "case_id", "kind" INTO item_case, item_kind FROM "case_record_items" WHERE "id" = NEW."item_id";
  IF item_kind IS NULL OR item_kind NOT IN ('events', 'impedances', 'interpretations') THEN
    RETURN NULL;
  END IF;
  INSERT INTO "case_record_heads" ("item_id", "case_id", "kind", "revision", "voided", "type", "at")
  VALUES (
    NEW."item_id", item_case, item_kind, NEW."revision", NEW."voided",
    CASE item_kind WHEN 'events' THEN NEW."body"->>'type' WHEN 'interpretations' THEN NEW."body"->>'kind' END,
    CASE item_kind
      WHEN 'events' THEN (NEW."body"->>'occurredAt')::timestamptz
      WHEN 'impedances' THEN (NEW."body"->>'measuredAt')::timestamptz
      ELSE CASE WHEN NEW."body"->>'status' = 'signed' THEN (NEW."body"->>'signedAt')::timestamptz END
    END
  )
  ON CONFLICT ("item_id") DO UPDATE SET "revision" = EXCLUDED."revision", "voided" = EXCLUDED."voided",
    "type" = EXCLUDED."type", "at" = EXCLUDED."at"
  WHERE "case_record_heads"."revision" < EXCLUDED."revision";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "case_record_revisions_heads" AFTER INSERT ON "case_record_revisions"
  FOR EACH ROW EXECUTE FUNCTION "case_record_heads_follow"();
--> statement-breakpoint
-- The records written before this migration: each one's latest revision.
INSERT INTO "case_record_heads" ("item_id", "case_id", "kind", "revision", "voided", "type", "at")
SELECT DISTINCT ON (revision."item_id") revision."item_id", item."case_id", item."kind", revision."revision",
  revision."voided",
  CASE item."kind" WHEN 'events' THEN revision."body"->>'type' WHEN 'interpretations' THEN revision."body"->>'kind' END,
  CASE item."kind"
    WHEN 'events' THEN (revision."body"->>'occurredAt')::timestamptz
    WHEN 'impedances' THEN (revision."body"->>'measuredAt')::timestamptz
    ELSE CASE WHEN revision."body"->>'status' = 'signed' THEN (revision."body"->>'signedAt')::timestamptz END
  END
FROM "case_record_revisions" revision
JOIN "case_record_items" item ON item."id" = revision."item_id"
WHERE item."kind" IN ('events', 'impedances', 'interpretations')
ORDER BY revision."item_id", revision."revision" DESC;

CREATE TABLE "call_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"contact_id" integer NOT NULL,
	"number" text NOT NULL,
	"outcome" text NOT NULL,
	"read_back" boolean,
	"reached_name" text,
	"note" text,
	"by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protocol_revisions" ADD COLUMN "escalation_minutes" integer;--> statement-breakpoint
ALTER TABLE "call_attempts" ADD CONSTRAINT "call_attempts_item_id_case_record_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."case_record_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_attempts_item_idx" ON "call_attempts" USING btree ("item_id","at");--> statement-breakpoint
-- A call is the record of what was done: never changed or removed (as the case's history, 0004).
CREATE TRIGGER "call_attempts_append_only" BEFORE UPDATE OR DELETE ON "call_attempts"
  FOR EACH ROW EXECUTE FUNCTION "case_history_refuse_change"();
--> statement-breakpoint
-- The single call of an event (its latest revision's notifiedAt and notifiedContactId) becomes one reached
-- attempt whose read-back is unknown (null); the number is the contact's phone as it stands.
INSERT INTO "call_attempts" ("item_id", "at", "contact_id", "number", "outcome", "read_back", "by", "created_at")
SELECT i."id", (r."body"->>'notifiedAt')::timestamptz, (r."body"->>'notifiedContactId')::int,
  coalesce(c."phone", ''), 'reached', NULL, coalesce(r."body"->>'notifiedBy', r."author"), r."created_at"
FROM "case_record_items" i
CROSS JOIN LATERAL (
  SELECT "body", "author", "created_at" FROM "case_record_revisions" v
  WHERE v."item_id" = i."id" ORDER BY v."revision" DESC LIMIT 1
) r
LEFT JOIN "client_contacts" c ON c."id" = (r."body"->>'notifiedContactId')::int
WHERE i."kind" = 'events' AND r."body"->>'notifiedAt' IS NOT NULL AND r."body"->>'notifiedContactId' IS NOT NULL;


CREATE TABLE "case_time_logs" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"technologist" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"activity" text NOT NULL,
	"billable" boolean NOT NULL,
	"voided" boolean NOT NULL,
	CONSTRAINT "case_time_logs_end_check" CHECK ("case_time_logs"."end_at" is null or "case_time_logs"."end_at" > "case_time_logs"."start_at")
);
--> statement-breakpoint
ALTER TABLE "case_time_logs" ADD CONSTRAINT "case_time_logs_item_id_case_record_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."case_record_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_time_logs" ADD CONSTRAINT "case_time_logs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_time_logs_case_idx" ON "case_time_logs" USING btree ("case_id","start_at");--> statement-breakpoint
CREATE INDEX "case_time_logs_technologist_idx" ON "case_time_logs" USING btree ("technologist","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "case_time_logs_one_running_idx" ON "case_time_logs" USING btree ("technologist") WHERE "case_time_logs"."end_at" is null and not "case_time_logs"."voided";--> statement-breakpoint
-- The time logs already recorded, as their latest revisions have them.
INSERT INTO "case_time_logs" ("item_id", "case_id", "revision", "technologist", "start_at", "end_at", "activity", "billable", "voided")
SELECT item.id, item.case_id, latest.revision, latest.body->>'technologist', (latest.body->>'start')::timestamptz,
  (latest.body->>'end')::timestamptz, latest.body->>'activity', coalesce((latest.body->>'billable')::boolean, true), latest.voided
FROM "case_record_items" item
CROSS JOIN LATERAL (
  SELECT * FROM "case_record_revisions" revision WHERE revision.item_id = item.id ORDER BY revision.revision DESC LIMIT 1
) latest
WHERE item.kind = 'time-logs';

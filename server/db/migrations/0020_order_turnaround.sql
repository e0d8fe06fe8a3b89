ALTER TABLE "protocol_revisions" ADD COLUMN "turnaround_targets" jsonb;--> statement-breakpoint
-- Hospital orders stored the HL7 priority code as sent (S, A, R…): keep our words only (contract/turnaround.ts
-- orderPriorityOf: S stat; A, T urgent; R, P, C and empty routine; anything else none).
UPDATE "cases" SET "order_priority" = CASE
  WHEN upper(trim("order_priority")) IN ('S', 'STAT') THEN 'stat'
  WHEN upper(trim("order_priority")) IN ('A', 'T', 'ASAP', 'URGENT') THEN 'urgent'
  WHEN upper(trim("order_priority")) IN ('', 'R', 'P', 'C', 'ROUTINE') THEN 'routine'
  ELSE NULL END
WHERE "order_priority" IS NOT NULL;--> statement-breakpoint
UPDATE "cases" SET "order_priority" = 'routine' WHERE "order_priority" IS NULL AND "placer_order_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_order_priority_check" CHECK ("cases"."order_priority" is null or "cases"."order_priority" in ('stat', 'urgent', 'routine'));
CREATE INDEX "cases_ordered_at_idx" ON "cases" USING btree ("ordered_at") WHERE "cases"."ordered_at" is not null;

CREATE TABLE "case_handovers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"from_technologist" text NOT NULL,
	"to_technologist" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"closed_log_id" integer NOT NULL,
	"opened_log_id" integer NOT NULL,
	"by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_handovers" ADD CONSTRAINT "case_handovers_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_handovers" ADD CONSTRAINT "case_handovers_closed_log_id_case_record_items_id_fk" FOREIGN KEY ("closed_log_id") REFERENCES "public"."case_record_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_handovers" ADD CONSTRAINT "case_handovers_opened_log_id_case_record_items_id_fk" FOREIGN KEY ("opened_log_id") REFERENCES "public"."case_record_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_handovers_case_idx" ON "case_handovers" USING btree ("case_id","at");--> statement-breakpoint
-- A handover is part of the case's history: like its transitions, never changed or removed (0004).
CREATE TRIGGER "case_handovers_append_only" BEFORE UPDATE OR DELETE ON "case_handovers"
  FOR EACH ROW EXECUTE FUNCTION "case_history_refuse_change"();

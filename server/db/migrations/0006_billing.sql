CREATE TABLE "billing_cycle_lines" (
	"cycle_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"line" jsonb NOT NULL,
	CONSTRAINT "billing_cycle_lines_cycle_id_case_id_pk" PRIMARY KEY("cycle_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "billing_cycles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_cycles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"rate" numeric(7, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"frozen_minutes" integer,
	"frozen_adjust_minutes" integer,
	"frozen_cases" integer,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"invoiced_at" timestamp with time zone,
	"invoiced_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "billing_cycles_status_check" CHECK ("billing_cycles"."status" in ('open', 'closed', 'invoiced')),
	CONSTRAINT "billing_cycles_rate_check" CHECK ("billing_cycles"."rate" is null or "billing_cycles"."rate" >= 0),
	CONSTRAINT "billing_cycles_month_check" CHECK ("billing_cycles"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "billing_cycles_frozen_check" CHECK (("billing_cycles"."status" = 'open') = ("billing_cycles"."frozen_minutes" is null))
);
--> statement-breakpoint
CREATE TABLE "case_hours_pending" (
	"case_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_month_hours" (
	"case_id" integer NOT NULL,
	"month" text NOT NULL,
	"client_id" integer NOT NULL,
	"billable_minutes" integer NOT NULL,
	"monitoring_minutes" integer NOT NULL,
	"adjust_minutes" integer NOT NULL,
	CONSTRAINT "case_month_hours_case_id_month_pk" PRIMARY KEY("case_id","month")
);
--> statement-breakpoint
CREATE TABLE "technologist_month_hours" (
	"case_id" integer NOT NULL,
	"technologist" text NOT NULL,
	"month" text NOT NULL,
	"client_id" integer NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "technologist_month_hours_case_id_technologist_month_pk" PRIMARY KEY("case_id","technologist","month")
);
--> statement-breakpoint
ALTER TABLE "billing_cycle_lines" ADD CONSTRAINT "billing_cycle_lines_cycle_id_billing_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cycle_lines" ADD CONSTRAINT "billing_cycle_lines_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_hours_pending" ADD CONSTRAINT "case_hours_pending_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_month_hours" ADD CONSTRAINT "case_month_hours_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_month_hours" ADD CONSTRAINT "case_month_hours_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technologist_month_hours" ADD CONSTRAINT "technologist_month_hours_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technologist_month_hours" ADD CONSTRAINT "technologist_month_hours_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cycles_client_month_unique" ON "billing_cycles" USING btree ("client_id","month");--> statement-breakpoint
CREATE INDEX "case_month_hours_client_idx" ON "case_month_hours" USING btree ("client_id","month");--> statement-breakpoint
CREATE INDEX "case_month_hours_month_idx" ON "case_month_hours" USING btree ("month","client_id");--> statement-breakpoint
CREATE INDEX "technologist_month_hours_month_idx" ON "technologist_month_hours" USING btree ("month","technologist");--> statement-breakpoint
CREATE INDEX "technologist_month_hours_client_idx" ON "technologist_month_hours" USING btree ("client_id","month");--> statement-breakpoint
-- The cases recorded so far get their hours computed at the next start.
INSERT INTO "case_hours_pending" ("case_id")
SELECT DISTINCT "case_id" FROM "case_record_items" WHERE "kind" IN ('time-logs', 'billing-notes');

CREATE TABLE "bug_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bug_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"steps" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"page_url" text DEFAULT '' NOT NULL,
	"reporter" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bug_reports_severity_check" CHECK ("bug_reports"."severity" in ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "bug_reports_status_check" CHECK ("bug_reports"."status" in ('open', 'in-progress', 'resolved'))
);
--> statement-breakpoint
CREATE INDEX "bug_reports_created_idx" ON "bug_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bug_reports_reporter_idx" ON "bug_reports" USING btree ("reporter","created_at");
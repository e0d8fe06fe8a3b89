CREATE TABLE "case_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"transition_id" integer,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_number_counters" (
	"client_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "case_number_counters_client_id_year_pk" PRIMARY KEY("client_id","year")
);
--> statement-breakpoint
CREATE TABLE "case_patients" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"mrn" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"sex" text,
	"unit" text DEFAULT '' NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"ordering_physician" text DEFAULT '' NOT NULL,
	"indication" text DEFAULT '' NOT NULL,
	"medications" text DEFAULT '' NOT NULL,
	"updated_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_patients_sex_check" CHECK ("case_patients"."sex" is null or "case_patients"."sex" in ('M', 'F', 'X', 'U'))
);
--> statement-breakpoint
CREATE TABLE "case_protocol_snapshots" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"protocol" jsonb,
	"transfer" jsonb,
	"taken_by" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_record_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_record_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_record_revisions" (
	"item_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"body" jsonb NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"void_reason" text DEFAULT '' NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_record_revisions_item_id_revision_pk" PRIMARY KEY("item_id","revision"),
	CONSTRAINT "case_record_revisions_revision_check" CHECK ("case_record_revisions"."revision" >= 1)
);
--> statement-breakpoint
CREATE TABLE "case_technologists" (
	"case_id" integer NOT NULL,
	"username" text NOT NULL,
	"assigned_by" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_technologists_case_id_username_pk" PRIMARY KEY("case_id","username")
);
--> statement-breakpoint
CREATE TABLE "case_transitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_transitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"from_stage" text NOT NULL,
	"to_stage" text NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
-- Cases written before this migration get a value; new ones must give their own.
ALTER TABLE "cases" ADD COLUMN "study_type" text DEFAULT 'long-term' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ALTER COLUMN "study_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "has_video" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Cases written before this migration get a value; new ones must give their own.
ALTER TABLE "cases" ADD COLUMN "monitoring_level" text DEFAULT 'continuous' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ALTER COLUMN "monitoring_level" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "recording_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "recording_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "reader" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "protocol_revision" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "transfer_revision" integer;--> statement-breakpoint
-- Cases written before this migration get a value; new ones must give their own.
ALTER TABLE "cases" ADD COLUMN "created_by" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ALTER COLUMN "created_by" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "case_actions" ADD CONSTRAINT "case_actions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_actions" ADD CONSTRAINT "case_actions_transition_id_case_transitions_id_fk" FOREIGN KEY ("transition_id") REFERENCES "public"."case_transitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_number_counters" ADD CONSTRAINT "case_number_counters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_patients" ADD CONSTRAINT "case_patients_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_protocol_snapshots" ADD CONSTRAINT "case_protocol_snapshots_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_record_items" ADD CONSTRAINT "case_record_items_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_record_revisions" ADD CONSTRAINT "case_record_revisions_item_id_case_record_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."case_record_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_technologists" ADD CONSTRAINT "case_technologists_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_transitions" ADD CONSTRAINT "case_transitions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_actions_case_idx" ON "case_actions" USING btree ("case_id","at");--> statement-breakpoint
CREATE INDEX "case_patients_mrn_idx" ON "case_patients" USING btree ("mrn");--> statement-breakpoint
CREATE INDEX "case_record_items_case_idx" ON "case_record_items" USING btree ("case_id","kind");--> statement-breakpoint
CREATE INDEX "case_technologists_username_idx" ON "case_technologists" USING btree ("username","case_id");--> statement-breakpoint
CREATE INDEX "case_transitions_case_idx" ON "case_transitions" USING btree ("case_id","at");--> statement-breakpoint
CREATE INDEX "cases_stage_created_idx" ON "cases" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_client_stage_created_idx" ON "cases" USING btree ("client_id","stage","created_at","id");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_stage_check" CHECK ("cases"."stage" in ('intake', 'monitoring', 'preview', 'reviewed', 'closed'));--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_study_type_check" CHECK ("cases"."study_type" in ('routine', 'long-term', 'ambulatory', 'icu'));--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_monitoring_level_check" CHECK ("cases"."monitoring_level" in ('unmonitored', 'intermittent', 'continuous'));--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_recording_order_check" CHECK ("cases"."recording_end" is null or "cases"."recording_start" is null or "cases"."recording_end" > "cases"."recording_start");
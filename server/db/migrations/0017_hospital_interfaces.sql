CREATE TABLE "client_interfaces" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"inbound_enabled" boolean DEFAULT false NOT NULL,
	"sending_application" text DEFAULT '' NOT NULL,
	"sending_facility" text DEFAULT '' NOT NULL,
	"mllp_enabled" boolean DEFAULT false NOT NULL,
	"mllp_host" text DEFAULT '' NOT NULL,
	"mllp_port" integer,
	"mllp_tls" boolean DEFAULT false NOT NULL,
	"fhir_enabled" boolean DEFAULT false NOT NULL,
	"fhir_base_url" text DEFAULT '' NOT NULL,
	"fhir_client_id" text DEFAULT '' NOT NULL,
	"fhir_token_url" text DEFAULT '' NOT NULL,
	"fhir_bearer_token_sealed" text,
	"fhir_client_secret_sealed" text,
	"report_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interface_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"client_id" integer,
	"message_type" text NOT NULL,
	"transport" text NOT NULL,
	"control_id" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"ack_code" text,
	"ack_text" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"case_id" integer,
	"raw_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interface_patients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interface_patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"mrn" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"sex" text,
	"unit" text DEFAULT '' NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"visit_number" text DEFAULT '' NOT NULL,
	"admitted_at" timestamp with time zone,
	"discharged_at" timestamp with time zone,
	"merged_into" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "placer_order_number" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "visit_number" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "ordering_provider" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "ordering_provider_phone" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "order_priority" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "order_reason" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "ordered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_interfaces" ADD CONSTRAINT "client_interfaces_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_messages" ADD CONSTRAINT "interface_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_messages" ADD CONSTRAINT "interface_messages_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_patients" ADD CONSTRAINT "interface_patients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interface_messages_inbound_control_unique" ON "interface_messages" USING btree ("client_id","control_id") WHERE "interface_messages"."direction" = 'in' and "interface_messages"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "interface_messages_outbox_idx" ON "interface_messages" USING btree ("next_attempt_at") WHERE "interface_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "interface_messages_created_idx" ON "interface_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "interface_patients_client_mrn_unique" ON "interface_patients" USING btree ("client_id","mrn");--> statement-breakpoint
CREATE INDEX "interface_patients_name_idx" ON "interface_patients" USING btree ("client_id",lower("last_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cases_client_order_unique" ON "cases" USING btree ("client_id","placer_order_number") WHERE "cases"."placer_order_number" is not null;
ALTER TABLE "cases" ADD COLUMN "channel_count" integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "billing_period_start" text DEFAULT '00:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;
ALTER TABLE "idempotent_requests" ADD COLUMN "claim" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD COLUMN "written" boolean DEFAULT false NOT NULL;

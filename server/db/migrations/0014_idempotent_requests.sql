CREATE TABLE "idempotent_requests" (
	"actor" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_actor_key_pk" PRIMARY KEY("actor","key")
);
--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_at_idx" ON "idempotent_requests" USING btree ("created_at");
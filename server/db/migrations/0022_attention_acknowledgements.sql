CREATE TABLE "attention_acknowledgements" (
	"username" text NOT NULL,
	"key" text NOT NULL,
	"case_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attention_acknowledgements_username_key_pk" PRIMARY KEY("username","key")
);
--> statement-breakpoint
ALTER TABLE "change_events" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "attention_acknowledgements" ADD CONSTRAINT "attention_acknowledgements_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attention_acknowledgements_case_idx" ON "attention_acknowledgements" USING btree ("case_id");--> statement-breakpoint
-- An acknowledgement publishes an `attention` change for its user alone, committed with it: their other
-- devices drop the item. Acknowledging again inserts nothing and publishes nothing.
CREATE FUNCTION "publish_acknowledgement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  published record;
BEGIN
  INSERT INTO change_events (kind, case_id, username) VALUES ('attention', NEW.case_id, NEW.username)
  ON CONFLICT ON CONSTRAINT change_events_once_per_transaction DO NOTHING
  RETURNING id, at, kind, case_id, username INTO published;
  IF published.id IS NOT NULL THEN
    PERFORM pg_notify('vigil_changes', json_strip_nulls(json_build_object(
      'id', published.id, 'kind', published.kind, 'caseId', published.case_id,
      'username', published.username, 'at', published.at))::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attention_acknowledgements_publish" AFTER INSERT ON "attention_acknowledgements"
FOR EACH ROW EXECUTE FUNCTION publish_acknowledgement();


-- A protocol revision, once written, is the record of what applied; no code path may change it.
-- (Deleting a client still removes its revisions through the foreign key's ON DELETE CASCADE.)
CREATE FUNCTION "protocol_revisions_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'protocol revisions are append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "protocol_revisions_append_only" BEFORE UPDATE ON "protocol_revisions"
  FOR EACH ROW EXECUTE FUNCTION "protocol_revisions_refuse_update"();

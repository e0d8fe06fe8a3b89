-- A case's history (its transitions, its actions, every revision of its records) is the record of what
-- happened; no code path may change or remove it.
CREATE FUNCTION "case_history_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "case_transitions_append_only" BEFORE UPDATE OR DELETE ON "case_transitions"
  FOR EACH ROW EXECUTE FUNCTION "case_history_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "case_actions_append_only" BEFORE UPDATE OR DELETE ON "case_actions"
  FOR EACH ROW EXECUTE FUNCTION "case_history_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "case_record_revisions_append_only" BEFORE UPDATE OR DELETE ON "case_record_revisions"
  FOR EACH ROW EXECUTE FUNCTION "case_history_refuse_change"();

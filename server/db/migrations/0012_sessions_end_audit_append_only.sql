ALTER TABLE "user_accounts" ADD COLUMN "tokens_valid_after" timestamp with time zone;--> statement-breakpoint
-- The audit log is evidence: like a case's history, no code path may change or remove an entry.
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "case_history_refuse_change"();

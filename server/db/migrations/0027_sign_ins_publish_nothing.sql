-- A sign-in recorded on an account (its first sign-in creating the row, or a later one moving its last sign-in
-- time on) publishes no `users` change: every sign-in of anyone made the screens of every administrator read
-- the users and the technologists again, and an administrator's own sign-in re-read their first screen's
-- technologists. Enabling, disabling and ending sessions still publish.
CREATE FUNCTION "publish_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  published record;
BEGIN
  -- Separate statements: the INSERT trigger has no old rows, and a statement naming them fails to plan.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (
      SELECT 1 FROM changed_rows
      WHERE NOT ("is_enabled" AND "tokens_valid_after" IS NULL AND "last_sign_in_at" IS NOT NULL)
    ) THEN
      RETURN NULL;
    END IF;
  ELSIF NOT EXISTS (
    SELECT 1 FROM changed_rows AS after JOIN old_rows AS before USING ("username")
    WHERE to_jsonb(after) - 'last_sign_in_at' - 'updated_at'
      IS DISTINCT FROM to_jsonb(before) - 'last_sign_in_at' - 'updated_at'
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO change_events (kind) VALUES ('users')
  ON CONFLICT ON CONSTRAINT change_events_once_per_transaction DO NOTHING
  RETURNING id, at, kind INTO published;
  IF published.id IS NOT NULL THEN
    PERFORM pg_notify('vigil_changes', json_build_object(
      'id', published.id, 'kind', published.kind, 'at', published.at)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "user_accounts_publish_insert" ON "user_accounts";
--> statement-breakpoint
CREATE TRIGGER "user_accounts_publish_insert" AFTER INSERT ON "user_accounts"
REFERENCING NEW TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION publish_account_change();
--> statement-breakpoint
DROP TRIGGER "user_accounts_publish_update" ON "user_accounts";
--> statement-breakpoint
CREATE TRIGGER "user_accounts_publish_update" AFTER UPDATE ON "user_accounts"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
FOR EACH STATEMENT EXECUTE FUNCTION publish_account_change();

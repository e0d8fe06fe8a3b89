-- Wakes the interface senders (issue 32): a statement that leaves an outbound message waiting to be sent
-- NOTIFYs 'vigil_outbox' at its commit, so senders need not poll while nothing is queued. Repeated
-- notifications in one transaction fold into one.
CREATE FUNCTION "notify_outbox"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows WHERE direction = 'out' AND status = 'pending') THEN
    PERFORM pg_notify('vigil_outbox', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "interface_messages_notify_insert" AFTER INSERT ON "interface_messages"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox();
--> statement-breakpoint
CREATE TRIGGER "interface_messages_notify_update" AFTER UPDATE ON "interface_messages"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox();

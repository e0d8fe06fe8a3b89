CREATE TABLE "change_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"case_id" integer,
	"client_id" integer,
	"transaction_id" text DEFAULT pg_current_xact_id()::text NOT NULL,
	CONSTRAINT "change_events_once_per_transaction" UNIQUE NULLS NOT DISTINCT("transaction_id","kind","case_id","client_id")
);
--> statement-breakpoint
CREATE INDEX "change_events_at_idx" ON "change_events" USING btree ("at");--> statement-breakpoint
-- Publishes what a statement changed: one change_events row per kind, case and client in the transaction,
-- and its NOTIFY, both committed (or rolled back) with the write. A statement touching more than 50 cases
-- or clients (a bulk load) publishes one event without ids: pages refetch all they show of that kind.
-- Arguments: kind, the case id column ('' for none), the client id column ('' for none).
CREATE FUNCTION "publish_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  published record;
BEGIN
  FOR published IN EXECUTE format(
    'WITH touched AS (SELECT DISTINCT %s AS case_id, %s AS client_id FROM changed_rows),
          bulk AS (SELECT count(*) > 50 AS many FROM touched)
     INSERT INTO change_events (kind, case_id, client_id)
     SELECT $1, touched.case_id, touched.client_id FROM touched, bulk WHERE NOT bulk.many
     UNION ALL SELECT $1, NULL, NULL FROM bulk WHERE bulk.many
     ON CONFLICT ON CONSTRAINT change_events_once_per_transaction DO NOTHING
     RETURNING id, at, kind, case_id, client_id',
    coalesce(quote_ident(nullif(TG_ARGV[1], '')), 'NULL::integer'),
    coalesce(quote_ident(nullif(TG_ARGV[2], '')), 'NULL::integer'))
  USING TG_ARGV[0]
  LOOP
    PERFORM pg_notify('vigil_changes', json_strip_nulls(json_build_object(
      'id', published.id, 'kind', published.kind, 'caseId', published.case_id,
      'clientId', published.client_id, 'at', published.at))::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every table whose rows a board, list, home or case page shows (derived tables follow their sources).
DO $$
DECLARE
  source record;
  operation text;
BEGIN
  FOR source IN SELECT * FROM (VALUES
    ('cases', 'cases', 'id', 'client_id'),
    ('case_patients', 'cases', 'case_id', ''),
    ('case_technologists', 'cases', 'case_id', ''),
    ('case_transitions', 'cases', 'case_id', ''),
    ('case_actions', 'cases', 'case_id', ''),
    ('case_handovers', 'cases', 'case_id', ''),
    ('case_record_items', 'cases', 'case_id', ''),
    ('case_time_logs', 'cases', 'case_id', ''),
    ('clients', 'clients', '', 'id'),
    ('client_contacts', 'clients', '', 'client_id'),
    ('client_useful_links', 'clients', '', 'client_id'),
    ('protocol_revisions', 'clients', '', 'client_id'),
    ('billing_cycles', 'billing', '', 'client_id'),
    ('user_accounts', 'users', '', '')
  ) AS sources (table_name, kind, case_column, client_column)
  LOOP
    FOREACH operation IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION publish_change(%L, %L, %L)',
        source.table_name || '_publish_' || lower(operation), operation, source.table_name,
        CASE operation WHEN 'DELETE' THEN 'OLD' ELSE 'NEW' END,
        source.kind, source.case_column, source.client_column);
    END LOOP;
  END LOOP;
END $$;

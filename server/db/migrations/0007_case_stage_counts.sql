-- Cases per stage, kept by a trigger: the home pages show them on every load, and counting 50,000 cases
-- each time took longer than the whole rest of the page. One statement per change, so two transactions
-- moving cases between the same stages take the two rows in the same order.
CREATE TABLE "case_stage_counts" (
	"stage" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "case_stage_counts" ("stage", "count")
SELECT stage, (SELECT count(*) FROM "cases" WHERE "cases"."stage" = stages.stage)
FROM unnest(ARRAY['intake', 'monitoring', 'preview', 'reviewed', 'closed']) AS stages(stage);
--> statement-breakpoint
CREATE FUNCTION "case_stage_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "case_stage_counts" SET "count" = "count" + 1 WHERE "stage" = NEW."stage";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "case_stage_counts" SET "count" = "count" - 1 WHERE "stage" = OLD."stage";
  ELSIF NEW."stage" IS DISTINCT FROM OLD."stage" THEN
    UPDATE "case_stage_counts"
      SET "count" = "count" + CASE WHEN "stage" = NEW."stage" THEN 1 ELSE -1 END
      WHERE "stage" IN (OLD."stage", NEW."stage");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cases_stage_counts" AFTER INSERT OR DELETE OR UPDATE OF "stage" ON "cases"
  FOR EACH ROW EXECUTE FUNCTION "case_stage_counts_follow"();

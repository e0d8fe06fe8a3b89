CREATE INDEX "case_record_revisions_created_at_idx" ON "case_record_revisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cases_client_recording_start_idx" ON "cases" USING btree ("client_id","recording_start");--> statement-breakpoint
CREATE INDEX "cases_client_recording_end_idx" ON "cases" USING btree ("client_id","recording_end");
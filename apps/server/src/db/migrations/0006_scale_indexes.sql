DROP INDEX "impressions_student_last_viewed_idx";--> statement-breakpoint
CREATE INDEX "study_plans_batch_subject_date_idx" ON "study_plans" USING btree ("batch_subject_id","date");--> statement-breakpoint
CREATE INDEX "doubts_institution_created_idx" ON "doubts" USING btree ("institution_id","created_at","id");--> statement-breakpoint
CREATE INDEX "doubts_live_idx" ON "doubts" USING btree ("institution_id","batch_subject_id","topic_id") WHERE "doubts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "impressions_student_last_viewed_idx" ON "impressions" USING btree ("student_id","last_viewed_at","topic_id","batch_subject_id","view_date");
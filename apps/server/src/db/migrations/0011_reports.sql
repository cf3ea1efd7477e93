DROP INDEX "impressions_institution_date_idx";--> statement-breakpoint
DROP INDEX "time_spent_institution_day_idx";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "batch_joined_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "impressions_institution_date_student_idx" ON "impressions" USING btree ("institution_id","view_date","student_id","batch_subject_id");--> statement-breakpoint
CREATE INDEX "time_spent_institution_day_student_idx" ON "time_spent" USING btree ("institution_id","day","student_id","batch_subject_id","minutes");
CREATE TABLE "assessment_regrades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"scores_changed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_accommodations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"extra_percent" numeric(5, 2),
	"due_date" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"back_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "draw_count" integer;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "one_at_a_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "marked_for_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "seed" integer DEFAULT (floor(random() * 2147483647))::int NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "extra_time_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_regrades" ADD CONSTRAINT "assessment_regrades_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_regrades" ADD CONSTRAINT "assessment_regrades_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_regrades" ADD CONSTRAINT "assessment_regrades_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_regrades" ADD CONSTRAINT "assessment_regrades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_leaves" ADD CONSTRAINT "exam_leaves_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_regrades_assessment_idx" ON "assessment_regrades" USING btree ("assessment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_accommodations_assessment_student_key" ON "exam_accommodations" USING btree ("assessment_id","student_id");--> statement-breakpoint
CREATE INDEX "exam_accommodations_student_idx" ON "exam_accommodations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "exam_leaves_attempt_idx" ON "exam_leaves" USING btree ("attempt_id","left_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_leaves_away_key" ON "exam_leaves" USING btree ("attempt_id") WHERE "exam_leaves"."back_at" is null;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_duration_positive" CHECK ("assessments"."duration_minutes" is null or "assessments"."duration_minutes" > 0);--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_draw_positive" CHECK ("assessments"."draw_count" is null or "assessments"."draw_count" > 0);
CREATE TABLE "doubt_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"doubt_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"author_name" text NOT NULL,
	"response_text" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doubts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"batch_subject_id" uuid NOT NULL,
	"doubt_text" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impressions" (
	"institution_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"batch_subject_id" uuid NOT NULL,
	"view_date" date NOT NULL,
	"view_count" integer DEFAULT 1 NOT NULL,
	"first_viewed_at" timestamp with time zone NOT NULL,
	"last_viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "impressions_student_id_topic_id_view_date_pk" PRIMARY KEY("student_id","topic_id","view_date")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"batch_subject_id" uuid NOT NULL,
	"note_text" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_session_students" (
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "online_session_students_session_id_student_id_pk" PRIMARY KEY("session_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "online_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"batch_subject_id" uuid NOT NULL,
	"title" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"author_id" uuid,
	"author_name" text,
	"author_seen_at" timestamp with time zone,
	"is_custom" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"note_text" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_spent" (
	"institution_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"batch_subject_id" uuid NOT NULL,
	"day" date NOT NULL,
	"minutes" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_spent_student_id_content_type_content_id_day_pk" PRIMARY KEY("student_id","content_type","content_id","day")
);
--> statement-breakpoint
ALTER TABLE "doubt_responses" ADD CONSTRAINT "doubt_responses_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubt_responses" ADD CONSTRAINT "doubt_responses_doubt_id_doubts_id_fk" FOREIGN KEY ("doubt_id") REFERENCES "public"."doubts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubt_responses" ADD CONSTRAINT "doubt_responses_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_batch_subject_id_batch_subjects_id_fk" FOREIGN KEY ("batch_subject_id") REFERENCES "public"."batch_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impressions" ADD CONSTRAINT "impressions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impressions" ADD CONSTRAINT "impressions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impressions" ADD CONSTRAINT "impressions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impressions" ADD CONSTRAINT "impressions_batch_subject_id_batch_subjects_id_fk" FOREIGN KEY ("batch_subject_id") REFERENCES "public"."batch_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_batch_subject_id_batch_subjects_id_fk" FOREIGN KEY ("batch_subject_id") REFERENCES "public"."batch_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_session_students" ADD CONSTRAINT "online_session_students_session_id_online_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."online_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_session_students" ADD CONSTRAINT "online_session_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_sessions" ADD CONSTRAINT "online_sessions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_sessions" ADD CONSTRAINT "online_sessions_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_sessions" ADD CONSTRAINT "online_sessions_batch_subject_id_batch_subjects_id_fk" FOREIGN KEY ("batch_subject_id") REFERENCES "public"."batch_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_sessions" ADD CONSTRAINT "online_sessions_author_id_faculties_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_session_id_online_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."online_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_spent" ADD CONSTRAINT "time_spent_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_spent" ADD CONSTRAINT "time_spent_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_spent" ADD CONSTRAINT "time_spent_batch_subject_id_batch_subjects_id_fk" FOREIGN KEY ("batch_subject_id") REFERENCES "public"."batch_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doubt_responses_doubt_idx" ON "doubt_responses" USING btree ("doubt_id","created_at");--> statement-breakpoint
CREATE INDEX "doubts_batch_subject_idx" ON "doubts" USING btree ("batch_subject_id","created_at");--> statement-breakpoint
CREATE INDEX "doubts_topic_idx" ON "doubts" USING btree ("topic_id","created_at");--> statement-breakpoint
CREATE INDEX "doubts_student_idx" ON "doubts" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "impressions_student_last_viewed_idx" ON "impressions" USING btree ("student_id","last_viewed_at");--> statement-breakpoint
CREATE INDEX "impressions_institution_date_idx" ON "impressions" USING btree ("institution_id","view_date");--> statement-breakpoint
CREATE INDEX "impressions_topic_idx" ON "impressions" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "notes_student_topic_idx" ON "notes" USING btree ("student_id","topic_id");--> statement-breakpoint
CREATE INDEX "notes_student_batch_subject_idx" ON "notes" USING btree ("student_id","batch_subject_id");--> statement-breakpoint
CREATE INDEX "online_session_students_student_idx" ON "online_session_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "online_sessions_institution_start_idx" ON "online_sessions" USING btree ("institution_id","start_time");--> statement-breakpoint
CREATE INDEX "online_sessions_batch_subject_idx" ON "online_sessions" USING btree ("batch_subject_id","start_time");--> statement-breakpoint
CREATE INDEX "online_sessions_author_idx" ON "online_sessions" USING btree ("author_id","start_time");--> statement-breakpoint
CREATE INDEX "session_notes_student_session_idx" ON "session_notes" USING btree ("student_id","session_id");--> statement-breakpoint
CREATE INDEX "time_spent_institution_day_idx" ON "time_spent" USING btree ("institution_id","day");--> statement-breakpoint
CREATE INDEX "time_spent_content_idx" ON "time_spent" USING btree ("content_type","content_id");--> statement-breakpoint
CREATE INDEX "topics_search_idx" ON "topics" USING gin (to_tsvector('english', "title" || ' ' || "description_text"));
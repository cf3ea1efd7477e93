CREATE TABLE "batch_subject_faculties" (
	"batch_subject_id" uuid NOT NULL,
	"faculty_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_subject_faculties_batch_subject_id_faculty_id_pk" PRIMARY KEY("batch_subject_id","faculty_id")
);
--> statement-breakpoint
CREATE TABLE "batch_subject_students" (
	"batch_subject_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_subject_students_batch_subject_id_student_id_pk" PRIMARY KEY("batch_subject_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "batch_subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"visibility" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"batch_subject_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"date" date NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"logo" text DEFAULT 'others' NOT NULL,
	"logo_url" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"content_uri" text NOT NULL,
	"wysiwyg_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"author_id" uuid,
	"author_name" text,
	"notes" text[] DEFAULT '{}' NOT NULL,
	"logo_url" text,
	"visibility" boolean DEFAULT true NOT NULL,
	"self_assessment" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid,
	"uploaded_by" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"public_url" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_subject_faculties" ADD CONSTRAINT "batch_subject_faculties_batch_subject_id_batch_subjects_id_fk" FOREIGN KEY ("batch_subject_id") REFERENCES "public"."batch_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_subject_faculties" ADD CONSTRAINT "batch_subject_faculties_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_subject_students" ADD CONSTRAINT "batch_subject_students_batch_subject_id_batch_subjects_id_fk" FOREIGN KEY ("batch_subject_id") REFERENCES "public"."batch_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_subject_students" ADD CONSTRAINT "batch_subject_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_subjects" ADD CONSTRAINT "batch_subjects_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_subjects" ADD CONSTRAINT "batch_subjects_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_subjects" ADD CONSTRAINT "batch_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_batch_subject_id_batch_subjects_id_fk" FOREIGN KEY ("batch_subject_id") REFERENCES "public"."batch_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_author_id_faculties_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_subject_faculties_faculty_idx" ON "batch_subject_faculties" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "batch_subject_students_student_idx" ON "batch_subject_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "batch_subjects_institution_batch_idx" ON "batch_subjects" USING btree ("institution_id","batch_id");--> statement-breakpoint
CREATE INDEX "batch_subjects_subject_idx" ON "batch_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_subjects_batch_subject_key" ON "batch_subjects" USING btree ("batch_id","subject_id") WHERE "batch_subjects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "chapters_subject_idx" ON "chapters" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "study_plans_institution_date_idx" ON "study_plans" USING btree ("institution_id","date");--> statement-breakpoint
CREATE INDEX "study_plans_topic_idx" ON "study_plans" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_plans_entry_key" ON "study_plans" USING btree ("batch_subject_id","topic_id","date") WHERE "study_plans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_institution_idx" ON "subjects" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "topics_chapter_idx" ON "topics" USING btree ("chapter_id","created_at");--> statement-breakpoint
CREATE INDEX "topics_author_idx" ON "topics" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_public_url_idx" ON "uploads" USING btree ("public_url");
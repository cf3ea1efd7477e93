CREATE TABLE "online_session_attendance" (
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"first_join_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"seconds_present" double precision DEFAULT 0 NOT NULL,
	"last_added_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "online_session_attendance_session_id_student_id_pk" PRIMARY KEY("session_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "online_session_attendance" ADD CONSTRAINT "online_session_attendance_session_id_online_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."online_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_session_attendance" ADD CONSTRAINT "online_session_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_session_attendance" ADD CONSTRAINT "online_session_attendance_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_session_attendance_student_idx" ON "online_session_attendance" USING btree ("student_id");
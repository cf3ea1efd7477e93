CREATE TABLE "ended_sign_ins" (
	"sign_in" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ended_sign_ins" ADD CONSTRAINT "ended_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sign_ins_user_idx" ON "ended_sign_ins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ended_sign_ins_expires_idx" ON "ended_sign_ins" USING btree ("expires_at");
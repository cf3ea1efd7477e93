CREATE TABLE "ended_sign_ins" (
	"sign_in" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ended_sign_ins_expires_idx" ON "ended_sign_ins" USING btree ("expires_at");
ALTER TABLE "uploads" ADD COLUMN "kind" text DEFAULT 'content' NOT NULL;--> statement-breakpoint
-- An institution's logo, uploaded by an owner (no institution), now belongs to that institution.
UPDATE "uploads" SET "kind" = 'logo', "institution_id" = "institutions"."id"
FROM "institutions"
WHERE "uploads"."institution_id" IS NULL AND "institutions"."nav_logo" = "uploads"."public_url";--> statement-breakpoint
-- CSV files uploaded so far were bulk imports (names, birth dates, mobiles): private from now on.
UPDATE "uploads" SET "kind" = 'import' WHERE "content_type" LIKE 'text/csv%';

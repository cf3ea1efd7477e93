-- A version 7 UUID (RFC 9562): the time in milliseconds, then random bits, so keys made one after
-- another sort one after another. uuid_time_ordered() is PostgreSQL's own uuidv7() where it has
-- one (18 and later), and otherwise uuid_time_ordered_portable(): a version 4 UUID whose first 6
-- bytes are replaced by the time and whose version nibble 0100 becomes 0111 (any PostgreSQL with
-- gen_random_uuid(), 13 and later). The native one costs a submit's dozen keys next to nothing.
CREATE OR REPLACE FUNCTION uuid_time_ordered_portable() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $fn$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$fn$;--> statement-breakpoint
DO $do$
BEGIN
  IF current_setting('server_version_num')::int >= 180000 THEN
    CREATE OR REPLACE FUNCTION uuid_time_ordered() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE
      AS 'SELECT uuidv7()';
  ELSE
    CREATE OR REPLACE FUNCTION uuid_time_ordered() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE
      AS 'SELECT uuid_time_ordered_portable()';
  END IF;
END
$do$;--> statement-breakpoint
ALTER TABLE "exam_answers" ALTER COLUMN "id" SET DEFAULT uuid_time_ordered();--> statement-breakpoint
ALTER TABLE "exam_attempts" ALTER COLUMN "id" SET DEFAULT uuid_time_ordered();

-- The demo institution was seeded with one short pendulum clip as every role's demo video. The
-- portal now ships a recording of each role's screens as the default: drop that placeholder, so
-- the defaults show. A video an owner set is kept.
UPDATE "institutions" SET "demo_videos" = '{}'::jsonb
WHERE "demo_videos"->>'student' LIKE '/files/%/demo/%-pendulum.mp4'
  AND "demo_videos"->>'faculty' = "demo_videos"->>'student';

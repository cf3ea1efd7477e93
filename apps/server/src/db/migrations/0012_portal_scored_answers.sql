-- A choice answer is scored by the portal when its attempt is submitted, so it is assessed then:
-- a submission is evaluated once every answer a teacher marks (text, upload) has marks, whether
-- they were given per submission or question by question.
UPDATE "exam_answers" x SET "assessed" = true
FROM "exam_attempts" ea, "questions" q
WHERE ea."id" = x."attempt_id" AND q."id" = x."question_id" AND ea."submitted_at" IS NOT NULL
  AND NOT x."assessed" AND q."type" IN ('SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN');

import {
  attemptAnswerParamsSchema,
  attemptIdParamsSchema,
  envelope,
  errorBodySchema,
  examSheetSchema,
  examSubmittedSchema,
  leaveEventBodySchema,
  saveAnswerBodySchema,
  savedAnswerResultSchema,
  startAttemptBodySchema,
  submitExamBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { recordExamEntry } from '../learning/learning.service.js';
import * as service from './attempts.service.js';
import { EXAM_POLICY } from './exams.policy.js';
import { recordLeave } from './leaves.service.js';

const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const leaveFailures = { ...failures, 429: errorBodySchema };
const docs = { tags: ['examinations'] };
/**
 * An attempt is read only by its student until it is submitted, and only the student's own kept
 * reads hold it (student-exams.ts; evaluation lists read attempts fresh), so a start or a submit
 * drops only those: during an exam thousands of starts would otherwise empty the school's cache. A
 * save changes no kept read at all (saved answers are always read fresh), so it drops nothing.
 */
const config = { readCache: 'own' as const };
const saveConfig = { readCache: 'keep' as const };

/** A student sits an examination: start, the paper, autosave, submit (decisions 21 and 26). */
export const examAttemptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sit = app.requireAuth(...EXAM_POLICY.sit);

  app.post(
    '/api/assessment-attempts',
    {
      onRequest: sit,
      config,
      schema: {
        ...docs,
        description:
          'Starts the caller’s attempt (201) between the start and due dates of a LIVE examination of their batch subjects; a second or parallel start answers the same attempt (200). Either answers the sheet as `GET /api/assessment-attempts/{id}` does (the attempt, the paper without right answers, the saved answers and `time_left_ms`). Entering logs the time-spent record of the examination (0.1 minutes, content type assessment), as `POST /api/time-spent` would, unless the attempt is submitted. 409 before the start ("The Examination has not yet started…") or after the due date.',
        body: startAttemptBodySchema,
        response: { 200: envelope(examSheetSchema), 201: envelope(examSheetSchema), ...failures },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      const { sheet, created } = await service.startExam(app.deps, user, request.body.assessment_id);
      if (!sheet.attempt.submitted_at) await recordExamEntry(app.deps, user, sheet.attempt, app.timeSpent);
      return reply.status(created ? 201 : 200).send({ data: sheet });
    },
  );

  app.get(
    '/api/assessment-attempts/:id',
    {
      onRequest: sit,
      schema: {
        ...docs,
        description:
          'The caller’s attempt: the questions without their right answers, every saved answer and `time_left_ms` by the server’s clock, so a reload or a second tab resumes where the student was.',
        params: attemptIdParamsSchema,
        response: { 200: envelope(examSheetSchema), ...failures },
      },
    },
    async (request) => ({ data: await service.getExamSheet(app.deps, caller(request), request.params.id) }),
  );

  app.put(
    '/api/assessment-attempts/:id/answers/:questionId',
    {
      onRequest: sit,
      config: saveConfig,
      schema: {
        ...docs,
        description:
          'Autosaves one answer (replacing the saved one) with `time_left_ms`. Answer sheets are the student’s own `answer_sheet` uploads; refused (403) for a student not allowed to upload. 409 after the submit or once due + 60 s has passed.',
        params: attemptAnswerParamsSchema,
        body: saveAnswerBodySchema,
        response: { 200: envelope(savedAnswerResultSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.saveExamAnswer(
        app.deps,
        caller(request),
        { attemptId: request.params.id, questionId: request.params.questionId },
        request.body,
      ),
    }),
  );

  app.post(
    '/api/assessment-attempts/:id/leaves',
    {
      onRequest: sit,
      // Read fresh by the evaluator; no kept read holds it.
      config: saveConfig,
      schema: {
        ...docs,
        description:
          'The exam page was hidden or lost focus (`left`) or came back (`back`): logged against the caller’s own attempt by the server’s clock while it is open (409 after); a second `left` while away, or a `back` while present, changes nothing (`recorded: false`). At most 6 absences a minute (429).',
        params: attemptIdParamsSchema,
        body: leaveEventBodySchema,
        response: { 200: envelope(z.object({ recorded: z.boolean() })), ...leaveFailures },
      },
    },
    async (request) => ({
      data: await recordLeave(app.deps, caller(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/assessment-submissions',
    {
      onRequest: sit,
      config,
      schema: {
        ...docs,
        description:
          'Submits the examination once, in one transaction, from the start until due + 60 s: the payload’s answers replace the saved ones. A repeat answers 409 "Already Submitted!" and changes nothing.',
        body: submitExamBodySchema,
        response: { 201: envelope(examSubmittedSchema), ...failures },
      },
    },
    async (request, reply) => {
      const data = await service.submitExam(app.deps, caller(request), request.body);
      return reply.status(201).send({ data });
    },
  );
};

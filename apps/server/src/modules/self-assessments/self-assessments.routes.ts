import {
  envelope,
  errorBodySchema,
  idParamsSchema,
  importQuestionFileBodySchema,
  questionFileBodySchema,
  questionFilePreviewSchema,
  selfAssessmentResultListSchema,
  selfAssessmentResultSchema,
  selfAssessmentResultsQuerySchema,
  selfAssessmentSchema,
  submitSelfAssessmentBodySchema,
  topicIdParamsSchema,
  topicSelfAssessmentSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { SELF_ASSESSMENT_POLICY } from './self-assessments.policy.js';
import * as service from './self-assessments.service.js';

const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const docs = { tags: ['self-assessments'] };
const topicSelfAssessment = envelope(topicSelfAssessmentSchema);
const oneResult = envelope(z.object({ result: selfAssessmentResultSchema }));

/** Self assessments: attached to a topic by its authors, taken by its students (learning §2, §7). */
export const selfAssessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/topics/:topicId/self-assessment/preview',
    {
      config: { readCache: 'keep', texts: true },
      onRequest: app.requireAuth(...SELF_ASSESSMENT_POLICY.author),
      schema: {
        ...docs,
        description:
          'Parses a question file uploaded to the portal for the topic’s self assessment (single and multiple choice and BOOLEAN only): every question and problem. Nothing is written.',
        params: topicIdParamsSchema,
        body: questionFileBodySchema,
        response: { 200: envelope(questionFilePreviewSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.previewTopicQuestions(
        app.deps,
        caller(request),
        request.params.topicId,
        request.body,
      ),
    }),
  );

  app.get(
    '/api/topics/:topicId/self-assessment',
    {
      onRequest: app.requireAuth(...SELF_ASSESSMENT_POLICY.author),
      schema: {
        ...docs,
        description: 'The topic’s self-assessment questions with their right options, for its authors.',
        params: topicIdParamsSchema,
        response: { 200: topicSelfAssessment, ...failures },
      },
    },
    async (request) => ({
      data: await service.getTopicSelfAssessment(app.deps, caller(request), request.params.topicId),
    }),
  );

  app.post(
    '/api/topics/:topicId/self-assessment',
    {
      onRequest: app.requireAuth(...SELF_ASSESSMENT_POLICY.author),
      config: { texts: true },
      schema: {
        ...docs,
        description:
          'Imports a question file as the topic’s self assessment, all or nothing: its questions replace the topic’s and the topic gets `self_assessment: true`. Results already taken are kept.',
        params: topicIdParamsSchema,
        body: importQuestionFileBodySchema,
        response: { 201: topicSelfAssessment, ...failures },
      },
    },
    async (request, reply) => {
      const { topicId } = request.params;
      const imported = await service.importTopicQuestions(app.deps, caller(request), topicId, request.body);
      return reply.status(201).send({ data: imported });
    },
  );

  app.delete(
    '/api/topics/:topicId/self-assessment',
    {
      onRequest: app.requireAuth(...SELF_ASSESSMENT_POLICY.author),
      schema: {
        ...docs,
        description: 'Removes the topic’s self assessment (its questions); results already taken are kept.',
        params: topicIdParamsSchema,
        response: { 200: topicSelfAssessment, ...failures },
      },
    },
    async (request) => ({
      data: await service.removeTopicSelfAssessment(app.deps, caller(request), request.params.topicId),
    }),
  );

  app.get(
    '/api/self-assessments/topic-id/:topicId',
    {
      onRequest: app.requireAuth(...SELF_ASSESSMENT_POLICY.read),
      schema: {
        ...docs,
        description:
          'The topic’s self-assessment questions without their right answers, and the student’s batch subject for submitting.',
        params: topicIdParamsSchema,
        response: { 200: envelope(selfAssessmentSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.getSelfAssessment(app.deps, caller(request), request.params.topicId),
    }),
  );

  app.post(
    '/api/self-assessments',
    {
      // A student's own result: only their cached reads change.
      config: { readCache: 'own' },
      onRequest: app.requireAuth(...SELF_ASSESSMENT_POLICY.take),
      schema: {
        ...docs,
        description:
          'Submits answers to every question of the topic’s self assessment; answers the score and, per question, the right option ids and the student’s. Every attempt is kept.',
        body: submitSelfAssessmentBodySchema,
        response: { 201: oneResult, ...failures },
      },
    },
    async (request, reply) => {
      const result = await service.submitSelfAssessment(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { result } });
    },
  );

  app.get(
    '/api/self-assessments/:id',
    {
      onRequest: app.requireAuth(...SELF_ASSESSMENT_POLICY.take),
      schema: {
        ...docs,
        description: 'One of the student’s own results, with each question as answered.',
        params: idParamsSchema,
        response: { 200: oneResult, ...failures },
      },
    },
    async (request) => ({
      data: { result: await service.getResult(app.deps, caller(request), request.params.id) },
    }),
  );

  app.get(
    '/api/users/me/self-assessments',
    {
      onRequest: app.requireAuth(...SELF_ASSESSMENT_POLICY.take),
      schema: {
        ...docs,
        description:
          'The student’s self-assessment results, newest first, optionally of one topic; a page at a time.',
        querystring: selfAssessmentResultsQuerySchema,
        response: { 200: envelope(selfAssessmentResultListSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.listOwnResults(app.deps, caller(request), request.query),
    }),
  );
};

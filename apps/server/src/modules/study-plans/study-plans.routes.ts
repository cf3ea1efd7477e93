import {
  chapterPlanParamsSchema,
  createStudyPlanBodySchema,
  dailyStudyPlanParamsSchema,
  dailyStudyPlanQuerySchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  studyPlanEntrySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { STUDY_PLAN_POLICY } from './study-plans.policy.js';
import * as service from './study-plans.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['study plans'] };
const entries = envelope(z.object({ study_plans: z.array(studyPlanEntrySchema) }));

export const studyPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/study-plans/daily/:date',
    {
      onRequest: app.requireAuth(...STUDY_PLAN_POLICY.manage),
      schema: {
        ...docs,
        description: 'The institution’s plan entries of one day (`YYYY-MM-DD`), optionally of one batch.',
        params: dailyStudyPlanParamsSchema,
        querystring: dailyStudyPlanQuerySchema,
        response: { 200: entries, ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const plans = await service.listDaily(
        app.deps,
        institutionId,
        request.params.date,
        request.query.batch_id,
      );
      return { data: { study_plans: plans } };
    },
  );

  app.post(
    '/api/study-plans',
    {
      onRequest: app.requireAuth(...STUDY_PLAN_POLICY.manage),
      schema: {
        ...docs,
        body: createStudyPlanBodySchema,
        response: { 201: entries, ...failures },
      },
    },
    async (request, reply) => {
      const plans = await service.createEntries(app.deps, institutionOf(caller(request)), request.body);
      return reply.status(201).send({ data: { study_plans: plans } });
    },
  );

  app.delete(
    '/api/study-plans/:id',
    {
      onRequest: app.requireAuth(...STUDY_PLAN_POLICY.manage),
      schema: {
        ...docs,
        params: idParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.boolean() })), ...failures },
      },
    },
    async (request) => {
      await service.deleteEntry(app.deps, institutionOf(caller(request)), request.params.id);
      return { data: { deleted: true } };
    },
  );

  app.get(
    '/api/study-plans/topic/:id',
    {
      onRequest: app.requireAuth(...STUDY_PLAN_POLICY.readByTopic),
      schema: { ...docs, params: idParamsSchema, response: { 200: entries, ...failures } },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return { data: { study_plans: await service.listByTopic(app.deps, institutionId, request.params.id) } };
    },
  );

  app.get(
    '/api/study-plans/chapter-id/:chapterId/batch-subject-id/:batchSubjectId',
    {
      onRequest: app.requireAuth(...STUDY_PLAN_POLICY.readByChapter),
      schema: { ...docs, params: chapterPlanParamsSchema, response: { 200: entries, ...failures } },
    },
    async (request) => {
      const user = caller(request);
      const plans = await service.listByChapter(
        app.deps,
        user,
        institutionOf(user),
        request.params.chapterId,
        request.params.batchSubjectId,
      );
      return { data: { study_plans: plans } };
    },
  );

  app.get(
    '/api/users/me/studyplans/daily/:date',
    {
      onRequest: app.requireAuth(...STUDY_PLAN_POLICY.readOwn),
      schema: {
        ...docs,
        description: 'The signed-in student’s batch plan of one day (visible topics only).',
        params: dailyStudyPlanParamsSchema,
        response: { 200: entries, ...failures },
      },
    },
    async (request) => {
      return {
        data: { study_plans: await service.listOwnDaily(app.deps, caller(request), request.params.date) },
      };
    },
  );
};

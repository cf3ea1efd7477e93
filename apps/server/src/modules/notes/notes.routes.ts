import {
  batchSubjectCountsSchema,
  batchSubjectIdParamsSchema,
  createNoteBodySchema,
  createSessionNoteBodySchema,
  envelope,
  errorBodySchema,
  idSchema,
  noteIdParamsSchema,
  noteSchema,
  pageInfoSchema,
  pageQuerySchema,
  sessionNoteSchema,
  topicIdParamSchema,
  updateNoteBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { LEARNING_POLICY } from '../learning/reading.policy.js';
import * as service from './notes.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['notes'] };
// A student's notes are theirs alone: a write drops only their own cached reads (lib/read-cache.ts).
const config = { readCache: 'own' as const };

const oneNote = envelope(z.object({ note: noteSchema }));
const noteList = envelope(z.object({ note: z.array(noteSchema), page: pageInfoSchema }));
const oneSessionNote = envelope(z.object({ note: sessionNoteSchema }));
const sessionNoteList = envelope(z.object({ notes: z.array(sessionNoteSchema), page: pageInfoSchema }));
const deleted = envelope(z.object({ deleted: z.boolean() }));
const sessionIdParamsSchema = z.object({ sessionId: idSchema });

/** Students' notes on topics and on live sessions (learning §7); each student sees only their own. */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const studentOnly = app.requireAuth(...LEARNING_POLICY.student);

  app.get(
    '/api/notes/topic/:topicId',
    {
      onRequest: studentOnly,
      schema: {
        ...docs,
        description: 'The caller’s notes on a topic.',
        params: topicIdParamSchema,
        querystring: pageQuerySchema,
        response: { 200: noteList, ...failures },
      },
    },
    async (request) => {
      const { notes, page } = await service.listOwnForTopic(
        app.deps,
        caller(request),
        request.params.topicId,
        request.query,
      );
      return { data: { note: notes, page } };
    },
  );

  app.get(
    '/api/notes/batch-subject/:batchSubjectId',
    {
      onRequest: studentOnly,
      schema: {
        ...docs,
        description: 'The caller’s notes in one of their batch subjects, newest first.',
        params: batchSubjectIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: noteList, ...failures },
      },
    },
    async (request) => {
      const { notes, page } = await service.listOwnForBatchSubject(
        app.deps,
        caller(request),
        request.params.batchSubjectId,
        request.query,
      );
      return { data: { note: notes, page } };
    },
  );

  app.get(
    '/api/users/me/notes',
    {
      onRequest: studentOnly,
      schema: {
        ...docs,
        description: 'Every topic note of the caller, newest first, one page at a time.',
        querystring: pageQuerySchema,
        response: {
          200: envelope(z.object({ notes: z.array(noteSchema), page: pageInfoSchema })),
          ...failures,
        },
      },
    },
    async (request) => ({ data: await service.listAllOwn(app.deps, caller(request), request.query) }),
  );

  app.get(
    '/api/users/me/notes/counts',
    {
      onRequest: studentOnly,
      schema: {
        ...docs,
        description:
          'How many topic notes the caller has in each batch subject (the notes page’s subject list), in one answer.',
        response: { 200: envelope(batchSubjectCountsSchema), ...failures },
      },
    },
    async (request) => ({ data: await service.countOwnByBatchSubject(app.deps, caller(request)) }),
  );

  app.post(
    '/api/notes',
    {
      onRequest: studentOnly,
      config,
      schema: { ...docs, body: createNoteBodySchema, response: { 201: oneNote, ...failures } },
    },
    async (request, reply) => {
      const note = await service.createNote(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { note } });
    },
  );

  app.patch(
    '/api/notes/:noteId',
    {
      onRequest: studentOnly,
      config,
      schema: {
        ...docs,
        params: noteIdParamsSchema,
        body: updateNoteBodySchema,
        response: { 200: oneNote, ...failures },
      },
    },
    async (request) => ({
      data: {
        note: await service.updateNote(
          app.deps,
          caller(request),
          request.params.noteId,
          request.body.note_text,
        ),
      },
    }),
  );

  app.delete(
    '/api/notes/:noteId',
    {
      onRequest: studentOnly,
      config,
      schema: { ...docs, params: noteIdParamsSchema, response: { 200: deleted, ...failures } },
    },
    async (request) => {
      await service.deleteNote(app.deps, caller(request), request.params.noteId);
      return { data: { deleted: true } };
    },
  );

  app.post(
    '/api/notes/session',
    {
      onRequest: studentOnly,
      config,
      schema: { ...docs, body: createSessionNoteBodySchema, response: { 201: oneSessionNote, ...failures } },
    },
    async (request, reply) => {
      const note = await service.createSessionNote(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { note } });
    },
  );

  app.get(
    '/api/notes/session/:sessionId',
    {
      onRequest: studentOnly,
      schema: {
        ...docs,
        description: 'The caller’s notes on a live session they may attend.',
        params: sessionIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: sessionNoteList, ...failures },
      },
    },
    async (request) => ({
      data: await service.listOwnForSession(
        app.deps,
        caller(request),
        request.params.sessionId,
        request.query,
      ),
    }),
  );

  app.get(
    '/api/users/me/session-notes',
    {
      onRequest: studentOnly,
      schema: {
        ...docs,
        description: 'Every live-session note of the caller, newest first.',
        querystring: pageQuerySchema,
        response: { 200: sessionNoteList, ...failures },
      },
    },
    async (request) => ({
      data: await service.listAllOwnSessionNotes(app.deps, caller(request), request.query),
    }),
  );

  app.patch(
    '/api/notes/session/note/:noteId',
    {
      onRequest: studentOnly,
      config,
      schema: {
        ...docs,
        params: noteIdParamsSchema,
        body: updateNoteBodySchema,
        response: { 200: oneSessionNote, ...failures },
      },
    },
    async (request) => ({
      data: {
        note: await service.updateSessionNote(
          app.deps,
          caller(request),
          request.params.noteId,
          request.body.note_text,
        ),
      },
    }),
  );

  app.delete(
    '/api/notes/session/note/:noteId',
    {
      onRequest: studentOnly,
      config,
      schema: { ...docs, params: noteIdParamsSchema, response: { 200: deleted, ...failures } },
    },
    async (request) => {
      await service.deleteSessionNote(app.deps, caller(request), request.params.noteId);
      return { data: { deleted: true } };
    },
  );
};

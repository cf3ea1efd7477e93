import { isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { UPLOAD_LIMIT_BYTES } from '@portal/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { createInstanceBus } from './lib/instance-bus.js';
import { forgetReadsAfterWrite } from './lib/read-cache.js';
import { answerJson } from './lib/shared-json.js';
import { announcementsRoutes } from './modules/announcements/announcements.routes.js';
import { assessmentsRoutes } from './modules/assessments/assessments.routes.js';
import { assessmentQuestionsRoutes } from './modules/assessments/questions.routes.js';
import { regradeRoutes } from './modules/assessments/regrade.routes.js';
import { assignmentsRoutes } from './modules/assignments/assignments.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { batchesRoutes } from './modules/batches/batches.routes.js';
import { chaptersRoutes } from './modules/chapters/chapters.routes.js';
import { doubtsRoutes } from './modules/doubts/doubts.routes.js';
import { createEventHub } from './modules/events/event-hub.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { accommodationsRoutes } from './modules/exams/accommodations.routes.js';
import { examAttemptsRoutes } from './modules/exams/attempts.routes.js';
import { examEvaluationRoutes } from './modules/exams/evaluation.routes.js';
import { createExportRunner } from './modules/exports/export-jobs.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { facultiesRoutes } from './modules/faculties/faculties.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { institutionsRoutes } from './modules/institutions/institutions.routes.js';
import { learningRoutes } from './modules/learning/learning.routes.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { onlineSessionsRoutes } from './modules/online-sessions/online-sessions.routes.js';
import { sessionReportsRoutes } from './modules/online-sessions/session-reports.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { selfAssessmentsRoutes } from './modules/self-assessments/self-assessments.routes.js';
import { studentsRoutes } from './modules/students/students.routes.js';
import { studyPlansRoutes } from './modules/study-plans/study-plans.routes.js';
import { subjectsRoutes } from './modules/subjects/subjects.routes.js';
import { topicsRoutes } from './modules/topics/topics.routes.js';
import { fileSessionRoutes } from './modules/uploads/file-session.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { videoUploadsRoutes } from './modules/uploads/video-uploads.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { filesPlugin } from './plugins/files.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { languagePlugin } from './plugins/language.js';
import { metricsPlugin } from './plugins/metrics.js';
import { oneAtATimePlugin } from './plugins/one-at-a-time.js';
import { requestIdOf, requestLogPlugin } from './plugins/request-log.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { signInQueuePlugin } from './plugins/sign-in-queue.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { webPlugin } from './plugins/web.js';

const JSON_BODY_LIMIT = 1024 * 1024;
const COMPRESS_THRESHOLD_BYTES = 1024;

// Responses are checked against their schemas in tests; in production the check is skipped
// (presenters already pick the fields) and answers are written with their shared parts' JSON
// made once (lib/shared-json.ts).
const productionJson = () => answerJson;

/**
 * Tests check each answer against its schema, and that what production writes (`answerJson`) is
 * JSON.stringify's answer: the same length, and the same value once read back.
 */
const checkedJson: typeof serializerCompiler = (route) => {
  const checked = serializerCompiler(route);
  return (data: unknown) => {
    const text = checked(data);
    const plain = JSON.stringify(data);
    const written = answerJson(data);
    if (written.length !== plain?.length || !isDeepStrictEqual(JSON.parse(written), JSON.parse(plain))) {
      throw new Error(`${route.method} ${route.url}: the answer written differs from its JSON`);
    }
    return text;
  };
};

export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: deps.config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.body.password', 'req.body.new_password'],
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    // Request ids: a trusted proxy's X-Request-Id, else the portal's own (plugins/request-log.ts).
    requestIdHeader: false,
    genReqId: requestIdOf(deps.config.TRUST_PROXY),
    // A child logger per request costs a third of a small answer's time; errors are logged with
    // their method and URL instead (plugins/errors.ts).
    childLoggerFactory: (logger) => logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    // Only the configured proxies' X-Forwarded-For is believed; by default request.ip is the socket's.
    trustProxy: deps.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(deps.config.NODE_ENV === 'test' ? checkedJson : productionJson);
  app.decorate('deps', deps);

  // First: the routes marked `texts` added after it get their language scope (plugins/language.ts).
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(signInQueuePlugin, { concurrency: deps.config.SIGN_IN_CONCURRENCY });
  // Answers over 1 KB are compressed for clients that accept it, at the fastest levels (brotli 1,
  // else gzip 1): a phone on a school's network downloads a fifth of a list or a paper, for a few
  // tens of microseconds of CPU an answer (the default levels cost three times the throughput of a
  // hot read). The built web app's files are compressed once at build time instead (plugins/web.ts).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // In one call up to 64 KB (every list page): a stream per answer costs more than compressing.
    syncThreshold: 64 * 1024,
    // Requests are not taken compressed: no hook per request for it, and no zip bomb to open.
    globalDecompression: false,
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } });
  await app.register(swaggerPlugin, { publish: deps.config.API_DOCS === 'on' });
  await app.register(oneAtATimePlugin);
  await app.register(authPlugin, { secret: deps.jwtSecret, expiresIn: deps.config.JWT_EXPIRES_IN });
  // Hot reads are cached per institution for two seconds; its writes drop them (lib/read-cache.ts).
  app.addHook('onSend', forgetReadsAfterWrite);
  // What a write dropped here is sent to the other instances before its answer leaves, so a client
  // that goes on to another instance finds the change there too (decision 36).
  const warn = (message: string) => app.log.warn(message);
  const bus = createInstanceBus(deps.db, deps.pool, warn, deps.config.DATABASE_LISTEN_URL);
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (!bus.busy) return done(null, payload);
    bus.sent().then(() => done(null, payload));
  });
  const hub = createEventHub(deps, bus, warn);
  const exportRunner = createExportRunner(deps, warn);
  app.addHook('onReady', async () => exportRunner.start());
  app.addHook('onClose', async () => exportRunner.stop());
  await app.register(metricsPlugin, {
    setting: deps.config.METRICS,
    sources: { streams: () => hub.size, jobs: exportRunner.stats },
  });
  app.addHook('onReady', () => bus.start());
  // Open streams would keep the server from closing.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  app.addHook('onClose', () => bus.stop());

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(batchesRoutes);
  await app.register(uploadsRoutes);
  await app.register(videoUploadsRoutes);
  await app.register(fileSessionRoutes);
  await app.register(institutionsRoutes);
  await app.register(subjectsRoutes);
  await app.register(chaptersRoutes);
  await app.register(topicsRoutes);
  await app.register(facultiesRoutes);
  await app.register(studyPlansRoutes);
  await app.register(studentsRoutes);
  await app.register(assignmentsRoutes);
  await app.register(profileRoutes);
  await app.register(learningRoutes);
  await app.register(notesRoutes);
  await app.register(doubtsRoutes);
  await app.register(eventsRoutes, { hub });
  await app.register(announcementsRoutes);
  await app.register(notificationsRoutes);
  await app.register(assessmentsRoutes);
  await app.register(assessmentQuestionsRoutes);
  await app.register(regradeRoutes);
  await app.register(selfAssessmentsRoutes);
  await app.register(examAttemptsRoutes);
  await app.register(accommodationsRoutes);
  await app.register(examEvaluationRoutes);
  await app.register(onlineSessionsRoutes);
  await app.register(sessionReportsRoutes);
  await app.register(reportsRoutes);
  await app.register(exportsRoutes, { runner: exportRunner });
  await app.register(filesPlugin);

  await app.register(webPlugin, { root: deps.config.webDistDir });
  return app;
}

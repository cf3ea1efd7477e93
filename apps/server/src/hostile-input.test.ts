import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selfAssessmentResults, topics } from './db/schema/index.js';
import { createAssessmentRow, createAttemptRow, createQuestionRows } from './test/factories/assessments.js';
import { createDoubtRow, createNoteRow, createResponseRow } from './test/factories/doubts.js';
import { createOnlineSession, createReadableTopic } from './test/factories/learning.js';
import { uploadFile } from './test/factories/students.js';
import { createPlanEntry } from './test/factories/study-plans.js';
import { bearer, createTestApp, type TestApp } from './test/harness.js';
import {
  bodiesWithRepeatedItems,
  bodyWithHostile,
  fieldPaths,
  HOSTILE_BODIES,
  HOSTILE_FILE_NAMES,
  HOSTILE_JSON_VALUES,
  HOSTILE_URL_TEXTS,
  type JsonSchema,
  multipartWithFileName,
  type SweepIds,
  sampleObject,
  sampleValue,
} from './test/hostile-values.js';

/**
 * Walks the OpenAPI document and sends hostile values into every field of every operation (body,
 * query and path; the file name of a multipart upload), one field at a time with the rest of the
 * request plausible, as a signed-in moderator and as a student, and every array of a body with its
 * first item twice. No answer may be a 5xx.
 */

type Role = 'moderator' | 'student' | 'faculty' | 'owner';
/** Every operation is swept as these two; one neither may call is swept as the first that may. */
const ROLES: Role[] = ['moderator', 'student'];
const FALLBACK_ROLES: Role[] = ['faculty', 'owner'];
const MULTIPART = 'multipart/form-data';

interface Operation {
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  /** How the operation takes its body, when not JSON. */
  otherContent?: string;
}

let t: TestApp;
let ids: SweepIds;
let spareInstitution: string;
/** The sweep's examination: a question of it, and the student's attempt. */
let examQuestionId: string;
let attemptId: string;
/** An announcement of the sweep's school. */
let announcementId: string;
const accounts: Record<Role, { username: string; token: string }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  const school = await t.createSchool();
  const readable = await createReadableTopic(t, school);
  const institutionId = school.institution.id;
  const otherBatch = await t.createBatch(institutionId);
  const doubt = await createDoubtRow(t, {
    institutionId,
    studentId: school.accounts.student.entityId,
    topicId: readable.topic.id,
    batchSubjectId: readable.batchSubject.id,
  });
  const response = await createResponseRow(t, {
    institutionId,
    doubtId: doubt.id,
    authorUserId: school.accounts.faculty.user.id,
    authorRole: 'faculty',
    authorName: 'Faculty',
  });
  const note = await createNoteRow(t, {
    institutionId,
    studentId: school.accounts.student.entityId,
    topicId: readable.topic.id,
    batchSubjectId: readable.batchSubject.id,
    noteText: 'A note',
  });
  const session = await createOnlineSession(t, {
    institutionId,
    batchId: school.batch.id,
    batchSubjectId: readable.batchSubject.id,
  });
  const planEntry = await createPlanEntry(t.db, {
    institutionId,
    batchSubjectId: readable.batchSubject.id,
    topicId: readable.topic.id,
    date: '2026-11-20',
  });
  const assessment = await createAssessmentRow(t, {
    institutionId,
    batchSubjectId: readable.batchSubject.id,
    status: 'LIVE',
  });
  const [examQuestion] = await createQuestionRows(t, { institutionId, assessmentId: assessment.id }, [
    { type: 'SINGLE_CHOICE' },
  ]);
  examQuestionId = examQuestion!.question.id;
  attemptId = (
    await createAttemptRow(t, {
      institutionId,
      assessmentId: assessment.id,
      studentId: school.accounts.student.entityId,
    })
  ).id;
  const [selfQuestion] = await createQuestionRows(t, { institutionId, topicId: readable.topic.id }, [
    { type: 'SINGLE_CHOICE' },
  ]);
  await t.db.update(topics).set({ selfAssessment: true }).where(eq(topics.id, readable.topic.id));
  const [selfResult] = await t.db
    .insert(selfAssessmentResults)
    .values({
      institutionId,
      studentId: school.accounts.student.entityId,
      topicId: readable.topic.id,
      batchSubjectId: readable.batchSubject.id,
      scoredPoint: 1,
      totalPoint: 1,
      questionsCount: 1,
      answers: [],
    })
    .returning();
  const csv = 'name,gender,date_of_birth,mobile\nAsha,female,17/05/2011,9876543210\n';
  ids = {
    institution: institutionId,
    batch: school.batch.id,
    otherBatch: otherBatch.id,
    subject: readable.subject.id,
    batchSubject: readable.batchSubject.id,
    chapter: readable.chapter.id,
    topic: readable.topic.id,
    faculty: school.accounts.faculty.entityId,
    student: school.accounts.student.entityId,
    doubt: doubt.id,
    response: response.id,
    note: note.id,
    session: session.id,
    planEntry: planEntry.id,
    csvUrl: await uploadFile(t, school.tokens.moderator, 'students.csv', csv),
    fileUrl: await uploadFile(t, school.tokens.moderator, 'picture.png', 'not really a picture'),
    assessment: assessment.id,
    question: selfQuestion!.question.id,
    option: selfQuestion!.options[0]!.id,
    selfAssessmentResult: selfResult!.id,
  };
  spareInstitution = (await t.createInstitution()).id;
  announcementId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/announcements',
      headers: bearer(school.tokens.moderator),
      payload: { title: 'Sweep', description: 'An announcement', audience: 'institution' },
    })
  ).json().data.announcement._id;
  const owner = await t.createAccount('owner');
  accounts.moderator = { username: school.accounts.moderator.username, token: school.tokens.moderator };
  accounts.student = { username: school.accounts.student.username, token: school.tokens.student };
  accounts.faculty = { username: school.accounts.faculty.username, token: school.tokens.faculty };
  accounts.owner = { username: owner.username, token: await t.login(owner.username) };
});
afterAll(() => t.close());

/** The real row a path parameter names, by the path it appears in. */
function pathParam(path: string, name: string): string {
  const byName: Record<string, string> = {
    batchId: ids.batch,
    subjectId: ids.subject,
    chapterId: ids.chapter,
    topicId: ids.topic,
    batchSubjectId: ids.batchSubject,
    facultyId: ids.faculty,
    studentId: ids.student,
    noteId: ids.note,
    responseId: ids.response,
    sessionId: ids.session,
    assessmentId: ids.assessment,
    questionId: examQuestionId,
    announcementId: announcementId,
    date: '2026-11-20',
    year: '2026-27',
  };
  if (name !== 'id') return byName[name] ?? '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';
  const byPath: [RegExp, string][] = [
    [/^\/api\/batches\//, ids.batch],
    // The owner's archive would end the sweep's school: institution routes work on a spare one.
    [/^\/api\/institutions\//, spareInstitution],
    [/^\/api\/batch-subjects\//, ids.batchSubject],
    [/^\/api\/faculties\//, ids.faculty],
    [/^\/api\/study-plans\/topic\//, ids.topic],
    [/^\/api\/study-plans\//, ids.planEntry],
    [/^\/api\/doubts\/batch-subject\//, ids.batchSubject],
    [/^\/api\/doubts\//, ids.doubt],
    [/^\/api\/assessments\//, ids.assessment],
    [/^\/api\/assessment-questions\//, ids.assessment],
    [/^\/api\/assessment-submissions\/marks\//, ids.assessment],
    [/^\/api\/assessment-attempts\//, attemptId],
    [/^\/api\/self-assessments\//, ids.selfAssessmentResult],
    [/^\/api\/online-sessions\/batch\//, ids.batch],
    [/^\/api\/online-sessions\//, ids.session],
    [/^\/api\/cwx\/get-daily-json-/, ids.institution],
  ];
  return byPath.find(([pattern]) => pattern.test(path))?.[1] ?? '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';
}

// Operations that change the caller's own sign-in (password, resets, a new login, moves, archive)
// go last; the tokens are checked after every operation and made again when one stops working.
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const CALLER_CHANGING = [
  'POST /api/students/reset-password',
  'PUT /api/students/new-user',
  'PATCH /api/batches/student',
  'DELETE /api/students',
  'POST /api/auth/change-password',
];
const rank = (operation: Operation) => {
  const last = CALLER_CHANGING.indexOf(`${operation.method} ${operation.path}`);
  return last >= 0 ? METHOD_ORDER.length + last : METHOD_ORDER.indexOf(operation.method);
};

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const content = (spec.requestBody as { content?: Record<string, { schema: JsonSchema }> })?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (spec.parameters as Operation['parameters']) ?? [],
        body: content?.['application/json']?.schema,
        otherContent: content && !content['application/json'] ? Object.keys(content).join(', ') : undefined,
      });
    }
  }
  return operations.sort((a, b) => rank(a) - rank(b));
}

let counter = 0;
const unique = () => `sweep${++counter}`;

async function ensureSignedIn(role: Role) {
  const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(accounts[role].token) });
  if (me.statusCode === 200 && !me.json().data.must_change_password) return;
  // The sweep changed this account (a reset, an archive, a move): carry on as a fresh one.
  const fresh = await t.createAccount(role, {
    institutionId: role === 'owner' ? null : ids.institution,
    ...(role === 'student' ? { batchId: ids.batch } : {}),
  });
  accounts[role] = { username: fresh.username, token: await t.login(fresh.username) };
}

it('answers no 5xx to hostile values in any field of any operation', { timeout: 240_000 }, async () => {
  const document = (await t.app.inject({ url: '/api/docs/json' })).json();
  const operations = operationsOf(document);
  const statusClasses: Record<string, number> = {};
  const failures: string[] = [];
  const notes: string[] = [];
  const sweptAs: Record<string, number> = {};
  const unreached: string[] = [];
  let requests = 0;
  let fields = 0;

  async function send(
    role: Role,
    operation: Operation,
    label: string,
    request: { url: string; payload?: string | Buffer; contentType?: string },
  ) {
    const response = await t.app.inject({
      method: operation.method as 'GET',
      url: request.url,
      headers: {
        ...bearer(accounts[role].token),
        ...(request.payload !== undefined
          ? { 'content-type': request.contentType ?? 'application/json' }
          : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    requests++;
    const statusClass = `${String(response.statusCode)[0]}xx`;
    statusClasses[statusClass] = (statusClasses[statusClass] ?? 0) + 1;
    if (response.statusCode >= 500) {
      failures.push(
        `${role} ${operation.method} ${operation.path} ${label}: ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    }
  }

  /**
   * Whether `role` passes the operation's sign-in guard, which answers before any validation; the
   * path parameters are invalid, so an admitted call stops at validation and changes nothing.
   */
  async function admits(role: Role, operation: Operation) {
    const response = await t.app.inject({
      method: operation.method as 'GET',
      url: operation.path.replace(/\{(\w+)\}/g, 'x'),
      headers: bearer(accounts[role].token),
    });
    return response.statusCode !== 403;
  }

  for (const operation of operations) {
    const key = `${operation.method} ${operation.path}`;
    const multipart = operation.otherContent?.includes(MULTIPART) ?? false;
    if (multipart) notes.push(`${key}: takes a multipart upload; its file name and whole bodies are swept`);
    else if (operation.otherContent)
      notes.push(`${key}: takes ${operation.otherContent}; only whole bodies are swept`);
    const pathValues = Object.fromEntries(
      operation.parameters
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, pathParam(operation.path, p.name)]),
    );
    const queryValues = Object.fromEntries(
      operation.parameters
        .filter((p) => p.in === 'query')
        .map((p) => [p.name, String(sampleValue(p.schema, p.name, ids, unique))]),
    );
    const url = (path: Record<string, string>, query: Record<string, string>) => {
      const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '');
      const search = Object.entries(query)
        .map(([key, value]) => `${key}=${value}`)
        .join('&');
      return search ? `${filled}?${search}` : filled;
    };
    // Only required parameters go with every request: a plausible-looking but invalid optional
    // one (a cursor) would answer 400 before a hostile value in another reached the code.
    const required = new Set(operation.parameters.filter((p) => p.required).map((p) => p.name));
    const encodedQuery = Object.fromEntries(
      Object.entries(queryValues)
        .filter(([key]) => required.has(key))
        .map(([key, value]) => [key, encodeURIComponent(value)]),
    );

    fields +=
      operation.parameters.filter((p) => p.in === 'path' || p.in === 'query').length +
      (operation.body ? fieldPaths(operation.body).length : 0);
    const roles = [...ROLES];
    const admitted = await Promise.all(ROLES.map((role) => admits(role, operation)));
    if (!admitted.some(Boolean)) {
      const fallback: Role[] = [];
      for (const role of FALLBACK_ROLES) if (await admits(role, operation)) fallback.push(role);
      if (fallback[0]) roles.push(fallback[0]);
      else unreached.push(key);
    }
    for (const role of roles) sweptAs[role] = (sweptAs[role] ?? 0) + 1;

    for (const role of roles) {
      const base = () => (operation.body ? sampleObject(operation.body, ids, unique) : undefined);
      const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

      for (const parameter of operation.parameters) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        for (const hostile of HOSTILE_URL_TEXTS) {
          const path =
            parameter.in === 'path' ? { ...pathValues, [parameter.name]: hostile.text } : pathValues;
          const query =
            parameter.in === 'query' ? { ...encodedQuery, [parameter.name]: hostile.text } : encodedQuery;
          await send(role, operation, `${parameter.in} ${parameter.name} = ${hostile.name}`, {
            url: url(path, query),
            payload: json(base()),
          });
        }
      }

      const target = url(pathValues, encodedQuery);
      if (operation.body) {
        // First, while the sweep's rows are as set up (a later 2xx may submit the examination, say).
        for (const repeated of bodiesWithRepeatedItems(operation.body, base(), ids, unique)) {
          await send(role, operation, `body ${repeated.path} with its first item twice`, {
            url: target,
            payload: repeated.payload,
          });
        }
        for (const path of fieldPaths(operation.body)) {
          for (const hostile of HOSTILE_JSON_VALUES) {
            await send(role, operation, `body ${path.join('.')} = ${hostile.name}`, {
              url: target,
              payload: bodyWithHostile(base(), path, hostile),
            });
          }
        }
        await send(role, operation, 'unknown fields', {
          url: target,
          payload: json({ ...base(), unknown_field: 'x', __proto__x: { admin: true }, $where: '1' }),
        });
      }
      if (multipart) {
        for (const hostile of HOSTILE_FILE_NAMES) {
          await send(role, operation, `file name = ${hostile.name}`, {
            url: target,
            ...multipartWithFileName(hostile),
          });
        }
      }
      if (operation.method !== 'GET') {
        for (const hostile of HOSTILE_BODIES) {
          await send(role, operation, `whole body: ${hostile.name}`, {
            url: target,
            payload: hostile.payload,
            contentType: hostile.contentType,
          });
        }
      }
      await ensureSignedIn(role);
    }
  }

  notes.push('tus video uploads (/api/uploads/videos) are not in the OpenAPI document and are not swept');
  console.log(
    [
      `hostile-input sweep: ${operations.length} operations, ${fields} fields, ${requests} requests`,
      `operations swept as: ${JSON.stringify(sweptAs)}`,
      `status classes: ${JSON.stringify(statusClasses)}`,
      ...notes,
      ...(failures.length ? [`5xx answers (${failures.length}):`, ...failures.slice(0, 200)] : []),
    ].join('\n'),
  );
  expect(failures).toEqual([]);
  // Nothing was skipped without saying so: some role passed every operation's sign-in guard.
  expect(unreached).toEqual([]);
});

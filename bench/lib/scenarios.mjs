// What is measured: the students' hot reads, the staff's lists that grow with the school, and
// sign-in. Each scenario is a list of requests the load rotates over.

import { OPTIONS } from './options.mjs';
import { SCALE_PASSWORD } from './sessions.mjs';

/** A signed-in request's headers, with the Accept-Encoding of BENCH_ACCEPT_ENCODING when set. */
const auth = (jwt) => ({
  authorization: `Bearer ${jwt}`,
  ...(OPTIONS.acceptEncoding && { 'accept-encoding': OPTIONS.acceptEncoding }),
});
const json = { 'content-type': 'application/json' };

function daysBefore(day, count) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - count);
  return date.toISOString().slice(0, 10);
}

/**
 * Every student asking for `variants` different things (their subjects, chapters, topics, days):
 * request i is student i % N's variant floor(i / N), so one student repeats one request only
 * after N x variants requests, and the two-second read cache cannot serve a student's own reads
 * back to them as it would with a handful of students.
 */
function perStudent(sessions, variants, request) {
  const { students, catalogue } = sessions;
  const items = [];
  for (let index = 0; index < students.length * variants; index += 1) {
    const number = index % students.length;
    const variant = Math.floor(index / students.length);
    const student = students[number];
    const subjects = catalogue[student.batchId];
    const subject = subjects[(variant + number) % subjects.length];
    const chapter = subject.chapters[Math.floor(variant / subjects.length) % subject.chapters.length];
    const topicId = chapter.topicIds[(number + variant) % chapter.topicIds.length];
    items.push({
      method: 'GET',
      headers: auth(student.jwt),
      ...request({ student, subject, chapter, topicId, variant }),
    });
  }
  return items;
}

/** The students' hot reads (README "Budgets"): each must keep >= 25% of bare, p99 <= 50 ms. */
export function hotReads(sessions, planDay) {
  const read = (name, variants, path) => ({
    name: `GET ${name}`,
    items: perStudent(sessions, variants, (one) => ({ path: path(one) })),
  });
  return [
    read('/api/auth/me', 1, () => '/api/auth/me'),
    read('/api/batch-subjects', 1, () => '/api/batch-subjects'),
    read('/api/users/me/batch-subjects', 1, () => '/api/users/me/batch-subjects'),
    read(
      '/api/chapters/subject-id/{id}',
      8,
      ({ subject }) => `/api/chapters/subject-id/${subject.subjectId}`,
    ),
    read('/api/topics/chapter-id/{id}', 32, ({ chapter }) => `/api/topics/chapter-id/${chapter.chapterId}`),
    read(
      '/api/users/me/studyplans/daily/{date}',
      8,
      ({ variant }) => `/api/users/me/studyplans/daily/${daysBefore(planDay, variant)}`,
    ),
    read(
      '/api/users/me/chapters/batch-subject/{id}',
      8,
      ({ subject }) => `/api/users/me/chapters/batch-subject/${subject.batchSubjectId}`,
    ),
    read(
      '/api/users/me/topics/chapter-id/{id}',
      32,
      ({ chapter }) => `/api/users/me/topics/chapter-id/${chapter.chapterId}`,
    ),
    read('/api/users/me/pending-items', 1, () => '/api/users/me/pending-items'),
    read('/api/users/me/last-visited', 1, () => '/api/users/me/last-visited'),
    read('/api/users/me/notifications', 1, () => '/api/users/me/notifications'),
    read('/api/users/me/assessments', 2, ({ variant }) =>
      variant === 0 ? '/api/users/me/assessments?when=upcoming' : '/api/users/me/assessments?when=previous',
    ),
    read('/api/notes/topic/{id}', 96, ({ topicId }) => `/api/notes/topic/${topicId}`),
    read('/api/doubts/topic/{id}', 96, ({ topicId }) => `/api/doubts/topic/${topicId}`),
    {
      name: 'POST /api/time-spent (heartbeat; bare: POST with the same body)',
      items: perStudent(sessions, 8, ({ student, subject, chapter }) => ({
        method: 'POST',
        path: '/api/time-spent',
        headers: { ...auth(student.jwt), ...json },
        body: JSON.stringify({
          content_id: chapter.topicIds[0],
          content_type: 'topics',
          time_spent: 0.5,
          batch_subject_id: subject.batchSubjectId,
        }),
      })),
    },
  ];
}

/** Every hot GET in one rotation: the students' load the stall tests disturb. */
export function hotMix(sessions, planDay) {
  const lists = hotReads(sessions, planDay)
    .filter((scenario) => scenario.name.startsWith('GET'))
    .map((scenario) => scenario.items);
  const longest = Math.max(...lists.map((items) => items.length));
  const mixed = [];
  for (let index = 0; index < longest; index += 1) {
    for (const items of lists) mixed.push(items[index % items.length]);
  }
  return mixed;
}

/**
 * The staff's lists that grow with the school. `budget`: p99 or p50 in ms where the README sets
 * one; the rest are reported.
 */
export function staffLists(sessions, budgets) {
  const moderator = auth(sessions.moderator.jwt);
  const batches = Object.keys(sessions.catalogue);
  const get = (path, headers) => ({ method: 'GET', path, headers });
  return [
    {
      name: 'GET /api/doubts (moderator)',
      items: [get('/api/doubts', moderator)],
      budget: { p99: budgets.staffDoubtsP99Ms },
    },
    {
      name: 'GET /api/users/me/doubts (faculty, rotating over 200)',
      items: sessions.faculty.map((one) => get('/api/users/me/doubts', auth(one.jwt))),
      budget: { p99: budgets.staffDoubtsP99Ms },
    },
    {
      name: 'GET /api/batch-subjects (moderator)',
      items: [get('/api/batch-subjects', moderator)],
      budget: { p50: budgets.batchSubjectsP50Ms },
    },
    {
      name: 'GET /api/batches/{id}/students (moderator, 20 batches)',
      items: batches.map((id) => get(`/api/batches/${id}/students`, moderator)),
    },
    { name: 'GET /api/faculties (moderator)', items: [get('/api/faculties', moderator)] },
    {
      name: 'GET /api/users/me/students (faculty)',
      items: sessions.faculty.map((one) => get('/api/users/me/students', auth(one.jwt))),
    },
    {
      name: 'GET /api/users/me/notes (student)',
      items: sessions.students.map((one) => get('/api/users/me/notes', auth(one.jwt))),
    },
    {
      name: 'GET /api/doubts/counts (student: per subject, one answer)',
      items: sessions.students.map((one) => get('/api/doubts/counts', auth(one.jwt))),
    },
    {
      name: 'GET /api/users/me/notes/counts (student: per subject, one answer)',
      items: sessions.students.map((one) => get('/api/users/me/notes/counts', auth(one.jwt))),
    },
    { name: 'GET /api/assessments (moderator)', items: [get('/api/assessments', moderator)] },
    {
      name: 'GET /api/assessments?when=previous (moderator)',
      items: [get('/api/assessments?when=previous', moderator)],
    },
    {
      name: 'GET /api/users/me/assessments (student)',
      items: sessions.students.map((one) => get('/api/users/me/assessments', auth(one.jwt))),
    },
    {
      name: 'GET /api/users/me/self-assessments (student)',
      items: sessions.students.map((one) => get('/api/users/me/self-assessments', auth(one.jwt))),
    },
    {
      name: 'GET /api/assessment-evaluations?tab=pending (faculty)',
      items: sessions.faculty.map((one) => get('/api/assessment-evaluations?tab=pending', auth(one.jwt))),
    },
    {
      name: 'GET /api/users/me/online-sessions (student)',
      items: sessions.students.map((one) => get('/api/users/me/online-sessions', auth(one.jwt))),
      budget: { p99: budgets.listP99Ms },
    },
    {
      name: 'GET /api/users/me/online-sessions (faculty)',
      items: sessions.faculty.map((one) => get('/api/users/me/online-sessions', auth(one.jwt))),
      budget: { p99: budgets.listP99Ms },
    },
    {
      name: 'GET /api/users/me/online-sessions?when=previous (student: the batch’s past sessions)',
      items: sessions.students.map((one) =>
        get('/api/users/me/online-sessions?when=previous', auth(one.jwt)),
      ),
      budget: { p99: budgets.listP99Ms },
    },
    {
      name: 'GET /api/users/me/online-sessions?when=previous (moderator: the institution’s past sessions, a page)',
      items: [get('/api/users/me/online-sessions?when=previous', moderator)],
      budget: { p99: budgets.listP99Ms },
    },
    {
      name: 'GET /api/users/me/notifications (student: the bell)',
      items: sessions.students.map((one) => get('/api/users/me/notifications', auth(one.jwt))),
      budget: { p99: budgets.listP99Ms },
    },
    {
      name: 'GET /api/users/me/notifications (faculty: the bell)',
      items: sessions.faculty.map((one) => get('/api/users/me/notifications', auth(one.jwt))),
      budget: { p99: budgets.listP99Ms },
    },
    {
      name: 'GET /api/announcements (student)',
      items: sessions.students.map((one) => get('/api/announcements', auth(one.jwt))),
      budget: { p99: budgets.listP99Ms },
    },
    {
      name: 'GET /api/announcements (moderator: every announcement, a page)',
      items: [get('/api/announcements', moderator)],
      budget: { p99: budgets.listP99Ms },
    },
  ];
}

/**
 * The moderator's reports (issue 15): each for one 250-student batch and for the whole
 * institution, on the last study-plan day, and a PDF of each kind; Attendance For Live Class on
 * that day too (the scale data holds one session a batch then, 20 in all). `budget`: p99 in ms.
 */
export function reports(sessions, budgets, planDay, institutionId) {
  const moderator = auth(sessions.moderator.jwt);
  const batches = Object.keys(sessions.catalogue);
  const get = (path) => ({ method: 'GET', path, headers: moderator });
  const firstBatch = batches[0];
  const firstSubject = sessions.catalogue[firstBatch][0];
  const topicId = firstSubject.chapters[0].topicIds[0];
  const daily = (kind) => `/api/cwx/${kind}/institution/${institutionId}/date/${planDay}`;
  const json = { budget: { p99: budgets.reportP99Ms } };
  const pdf = { budget: { p99: budgets.reportPdfP99Ms } };
  const scenarios = [];
  for (const [label, path] of [
    ['Attendance By Topic', daily('get-daily-json-report')],
    ['Attendance By Batch', daily('get-daily-json-attendance-by-batch')],
    ['Attendance By Week', `${daily('get-daily-json-attendance-by-batch')}/weekly`],
  ]) {
    scenarios.push(
      {
        name: `GET cwx ${label}, one batch`,
        items: batches.map((id) => get(`${path}?batch_id=${id}`)),
        ...json,
      },
      { name: `GET cwx ${label}, all 5,000 students`, items: [get(path)], ...json },
      { name: `GET cwx ${label} PDF, one batch`, items: [get(`${path}/pdf?batch_id=${firstBatch}`)], ...pdf },
      { name: `GET cwx ${label} PDF, all 5,000 students`, items: [get(`${path}/pdf`)], ...pdf },
    );
  }
  const liveClass = `/api/cwx/get-daily-json-report-online/date/${planDay}`;
  scenarios.push(
    {
      name: 'GET cwx Attendance For Live Class, one batch',
      items: batches.map((id) => get(`${liveClass}?batch_id=${id}`)),
      ...json,
    },
    {
      name: 'GET cwx Attendance For Live Class, the whole institution (20 sessions)',
      items: [get(liveClass)],
      ...json,
    },
    {
      name: 'GET cwx Attendance For Live Class PDF, the whole institution',
      items: [get(`${liveClass}/pdf`)],
      ...pdf,
    },
  );
  const bySubject = `/api/cwx/get-daily-json-attendance-by-subject/institution/${institutionId}/batch-subject/${firstSubject.batchSubjectId}/date/${planDay}`;
  scenarios.push(
    { name: 'GET cwx Attendance By Subject, one batch subject', items: [get(bySubject)], ...json },
    {
      name: 'GET cwx topic report, all batches of the subject',
      items: [get(`/api/cwx/get-json-report/topic/${topicId}`)],
      ...json,
    },
    {
      name: 'GET cwx topic report PDF',
      items: [get(`/api/cwx/get-json-report/topic/${topicId}/pdf`)],
      ...pdf,
    },
    { name: 'GET cwx faculty report, academic year', items: [get('/api/cwx/get-teacher-report')], ...json },
    { name: 'GET cwx faculty report PDF', items: [get('/api/cwx/get-teacher-report/pdf')], ...pdf },
  );
  return scenarios;
}

/** Sign-in requests rotating over the students, starting at `offset` (each username is rate limited). */
export function signIns(sessions, offset = 0) {
  const { students } = sessions;
  return students.map((_, index) => {
    const student = students[(index + offset) % students.length];
    return {
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      body: JSON.stringify({ username: student.username, password: SCALE_PASSWORD }),
    };
  });
}

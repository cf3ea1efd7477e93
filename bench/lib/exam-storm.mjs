// The examination storms, shaped as a school's exam day: the students of the first N/250 batches
// (N = 1,000, 2,500 or 5,000) each sit their own batch's examination (20 papers at 5,000, every
// question type), on a portal started cold five minutes before the examinations open (the arrival's
// length, BENCH_EXAM_ARRIVAL_SECONDS), in the phases of a real sitting, each one measured: the
// arrival (in those minutes each student, signed in, lands on the portal once and opens the
// Examinations tab, where the paper is not open yet), the start (within
// 10 s of the opening each student reads the tab again, starts and logs entering the exam), the
// answering (a save every 15 s for 2 minutes, one answer sheet uploaded) and the end (every student
// submits within 10 s). Each student is a client of its own with its own token, sending at scheduled
// moments (open loop: a slow answer does not slow the arrivals down, and latency is counted from the
// moment a request was due to go, so waiting for a free connection counts too). With `crash`, the
// portal (Node and its PostgreSQL) is killed with SIGKILL in the middle of each phase and started
// again on the same data; the clients retry what failed. Afterwards the database must hold every
// acknowledged save and every submission, once.
import fs from 'node:fs/promises';
import http from 'node:http';
import {
  connectStormDatabase,
  ensureStormCopy,
  FAIR_DRAW,
  FAIR_EXTRA_EVERY,
  FAIR_EXTRA_PERCENT,
  PAPER_QUESTIONS,
  resetStormExams,
  STORM_DIR,
  STUDENTS_PER_BATCH,
  tokensFor,
  verifyStorm,
} from './exam-storm-data.mjs';
import { BUDGETS, EXAM_STORM } from './options.mjs';
import { cpuSeconds, sampleMemory, startPortal } from './processes.mjs';

const SECOND = 1000;
const TEXTS = [
  'Force is the product of mass and acceleration, so a heavier body needs a larger push.',
  'The chapter explains how energy changes form but its total stays the same.',
  'A reaction speeds up with heat because the particles meet more often and harder.',
  'Light bends when it passes from air into water because its speed changes.',
];

/** A small seeded generator, so two runs send the same storm. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted, share) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : 0;

/** Requests, latencies and failures of one phase. */
function phaseRecord(name) {
  return {
    name,
    requests: 0,
    errors: 0,
    retries: 0,
    confirmedByRepeat: 0,
    latencies: [],
    /**
     * How late the load generator sent each request after the moment it was due (first tries): its
     * own lag, which the latencies include; a storm it cannot keep to is not the portal's figure.
     */
    late: [],
    /** [dueAt, doneAt] of each answered request, for the phase's seconds. */
    answered: [],
    firstAt: Infinity,
    lastAt: 0,
    kinds: {},
  };
}

/** The portal's CPU seconds (Node's and PostgreSQL's) sampled every second, with each one's time. */
function sampleCpu(pid) {
  const samples = [];
  const take = async () => samples.push({ at: Date.now(), ...(await cpuSeconds(pid, STORM_DIR)) });
  take();
  const timer = setInterval(take, SECOND);
  return { samples, stop: () => clearInterval(timer) };
}

/**
 * Each of the phase's `length` seconds, by when its requests were due: their p99 (ms) and the
 * CPU per request answered in that second (ms), Node's and PostgreSQL's. A portal started cold
 * costs more per request in its first seconds, while V8 has not yet optimised its code and each
 * new database connection fills its caches and plans its statements.
 */
function phaseSeconds(record, samples, length) {
  if (record.answered.length === 0) return [];
  const from = record.answered.reduce((first, [dueAt]) => Math.min(first, dueAt), Infinity);
  const cpuAt = (at, side) => {
    const next = samples.findIndex((sample) => sample.at >= at);
    if (next <= 0) return (next === 0 ? samples[0] : samples.at(-1))?.[side] ?? 0;
    const [a, b] = [samples[next - 1], samples[next]];
    return a[side] + ((b[side] - a[side]) * (at - a.at)) / Math.max(1, b.at - a.at);
  };
  const seconds = [];
  for (let start = from; start < from + length * SECOND; start += SECOND) {
    const due = record.answered.filter(([dueAt]) => dueAt >= start && dueAt < start + SECOND);
    if (due.length === 0) break;
    const answered = record.answered.filter(
      ([, doneAt]) => doneAt >= start && doneAt < start + SECOND,
    ).length;
    const latencies = due.map(([dueAt, doneAt]) => doneAt - dueAt).sort((a, b) => a - b);
    const cpuMs = (side) =>
      ((cpuAt(start + SECOND, side) - cpuAt(start, side)) * SECOND) / Math.max(1, answered);
    seconds.push({
      p99: Math.round(percentile(latencies, 0.99)),
      nodeMs: cpuMs('node'),
      postgresMs: cpuMs('postgres'),
    });
  }
  return seconds;
}

function summary(record) {
  const sorted = [...record.latencies].sort((a, b) => a - b);
  const seconds = Math.max(0.001, (record.lastAt - record.firstAt) / SECOND);
  return {
    name: record.name,
    requests: record.requests,
    errors: record.errors,
    retries: record.retries,
    confirmedByRepeat: record.confirmedByRepeat,
    seconds,
    rps: record.requests / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    lateP99: percentile(
      record.late.toSorted((a, b) => a - b),
      0.99,
    ),
    kinds: Object.fromEntries(
      Object.entries(record.kinds).map(([kind, latencies]) => {
        const byKind = [...latencies].sort((a, b) => a - b);
        return [
          kind,
          { requests: byKind.length, p50: percentile(byKind, 0.5), p99: percentile(byKind, 0.99) },
        ];
      }),
    ),
  };
}

/** One HTTP exchange over the shared keep-alive agent: `{ status, body }`, or `{ error }`. */
function exchange(agent, port, { method, path, token, body, raw }) {
  return new Promise((resolve) => {
    const payload = raw?.body ?? (body === undefined ? undefined : JSON.stringify(body));
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload !== undefined && {
            'content-type': raw?.contentType ?? 'application/json',
            'content-length': Buffer.byteLength(payload),
          }),
        },
        timeout: 30 * SECOND,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: response.statusCode, body: json });
        });
        response.on('error', (error) => resolve({ error }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ error }));
    request.end(payload);
  });
}

/** A photographed answer sheet: a small PNG, sent as the web app's uploader sends it. */
const SHEET = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function sheetUpload(student) {
  const boundary = `----examstorm${student}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sheet-${student}.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), SHEET, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** An answer a student might give to `question`: option ids or a text. */
function answerTo(question, pick, student, turn) {
  const options = question.answers.map((option) => option._id);
  switch (question.type) {
    case 'MULTIPLE_CHOICE': {
      const chosen = options.filter(() => pick() < 0.5);
      return { optionIds: chosen.length ? chosen : [options[0]], text: null };
    }
    case 'TEXT':
      return { optionIds: [], text: `${TEXTS[Math.floor(pick() * TEXTS.length)]} (${student}, ${turn})` };
    default:
      return { optionIds: [options[Math.floor(pick() * options.length)]], text: null };
  }
}

const body = (answer) =>
  answer.fileUrls
    ? { file_urls: answer.fileUrls }
    : { submitted_answer_ids: answer.optionIds, submitted_answer_text: answer.text };

/**
 * Runs one storm on the exam-storm copy of the scale data. Answers its figures; `misses` collects
 * what missed a budget (or lost data).
 */
export async function examStorm({ scale, students: studentCount, crash = false, misses }) {
  const { phases } = EXAM_STORM;
  await ensureStormCopy(scale);
  // The exams are made on the data before the measured portal starts, so it starts cold.
  let portal = await startPortal(STORM_DIR, { ownGroup: crash });
  const db = { client: await connectStormDatabase() };
  const opensAt = new Date();
  // Fair papers: each student's own clock runs the storm's length (in whole minutes) from their
  // start, so their deadlines, extra time included, fall after the end phase's submits.
  const fair = EXAM_STORM.fair
    ? { durationMinutes: Math.ceil((phases.start + phases.answering + phases.end) / 60) }
    : null;
  const exams = await resetStormExams(db.client, {
    start: opensAt,
    due: new Date(opensAt.getTime() + 3_600_000),
    batchCount: Math.ceil(studentCount / STUDENTS_PER_BATCH),
    fair,
  });
  await db.client.end();
  await portal.stop();
  portal = await startPortal(STORM_DIR, { ownGroup: crash });
  db.client = await connectStormDatabase();
  const memories = [sampleMemory(portal.pid)];
  const agent = new http.Agent({ keepAlive: true, maxSockets: EXAM_STORM.connections });
  try {
    const sitters = exams.flatMap((exam) => exam.students.map((student) => ({ ...student, exam })));
    const tokens = await tokensFor(sitters);
    // The students arrive from 1 s from now; the examinations open at t0, the end of the arrival;
    // the students start within 10 s of it, answer from t0 + 10 s, and the deadline is the end of
    // the answering, when the clients auto-submit (within the grace).
    const arrivalAt = Date.now() + SECOND;
    const t0 = arrivalAt + phases.arrival * SECOND;
    const dueAt = t0 + (phases.start + phases.answering) * SECOND;
    // With fair papers each student's own clock ends them (the due date stays an hour away).
    await db.client.query(
      'update assessments set start_date = $2, due_date = coalesce($3, due_date) where id = any($1::uuid[])',
      [exams.map((exam) => exam.assessmentId), new Date(t0), fair ? null : new Date(dueAt)],
    );
    const students = sitters.map((sitter, index) => ({
      index,
      studentId: sitter.student_id,
      exam: sitter.exam,
      token: tokens[index],
      attemptId: null,
      questions: null,
      answers: new Map(),
      savedAt: new Map(),
      chain: Promise.resolve(),
      failed: false,
    }));
    console.log(
      `\nExamination storm${crash ? ', kill -9 in every phase' : ''}: ${students.length} students of ` +
        `${exams.length} batches, each batch its own ${PAPER_QUESTIONS}-question examination` +
        (fair
          ? ` (questions and options shuffled, ${FAIR_DRAW} drawn per student, a ${fair.durationMinutes}-minute ` +
            `clock each, every ${FAIR_EXTRA_EVERY}th student +${FAIR_EXTRA_PERCENT} % time)`
          : '') +
        `, ${EXAM_STORM.connections} keep-alive connections, the portal started cold ` +
        `${phases.arrival} s before the examinations open; at the opening each student ` +
        (EXAM_STORM.reloadTab
          ? 'reads the Examinations tab again, then starts'
          : 'starts from the card that opened'),
    );

    const records = {
      arrival: phaseRecord('arrival'),
      start: phaseRecord('start'),
      answering: phaseRecord('answering'),
      end: phaseRecord('end'),
    };
    const acknowledged = new Map();
    const submitted = new Set();
    const restarts = [];
    let restarting = null;

    /**
     * Sends one request of `record`'s phase that was due at `dueAt`. Without `crash`, any failure
     * counts as an error; with it, a lost connection or a 5xx is retried (jittered back-off)
     * until an answer comes, as the web app's autosave and submit do.
     */
    async function send(record, kind, dueAt, request, accept) {
      const pick = random(dueAt);
      for (let attempt = 0; ; attempt += 1) {
        // The generator's own lag, not the wait for a restart of the portal (kill -9 storms).
        if (attempt === 0) record.late.push(Date.now() - dueAt);
        if (restarting) await restarting;
        const sentAt = Date.now();
        record.firstAt = Math.min(record.firstAt, sentAt);
        const answer = await exchange(agent, portal.port, request);
        const doneAt = Date.now();
        record.lastAt = Math.max(record.lastAt, doneAt);
        record.requests += 1;
        if (!answer.error && accept(answer)) {
          // From the moment it was due (retries and waits included): what the student waited.
          record.latencies.push(doneAt - dueAt);
          record.kinds[kind] ??= [];
          record.kinds[kind].push(doneAt - dueAt);
          record.answered.push([dueAt, doneAt]);
          return answer;
        }
        const retryable = crash && (answer.error || answer.status >= 500);
        if (!retryable) {
          record.errors += 1;
          if (record.errors <= 5) {
            const why =
              answer.error?.message ?? `${answer.status} ${JSON.stringify(answer.body?.error ?? '')}`;
            console.log(`    ${kind}: ${why}`);
          }
          return null;
        }
        record.retries += 1;
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(4 * SECOND, 250 * 2 ** attempt) * (0.5 + pick())),
        );
      }
    }

    const later = (at, work) =>
      new Promise((resolve) => setTimeout(() => resolve(work()), Math.max(0, at - Date.now())));
    /** A student's requests go one after another, as one browser tab's would. */
    const inTurn = (student, work) => {
      student.chain = student.chain.then(work);
      return student.chain;
    };
    const pick = random(35);
    const arrivalPick = random(36);
    /** The student's card of their examination in a list answer, in the `state` expected. */
    const examShown = (answer, student, state) =>
      answer.status === 200 &&
      answer.body?.data?.assessments?.some(
        (card) => card._id === student.exam.assessmentId && card.exam_state === state,
      );

    // Arrival: in the minutes before the opening each student, signed in earlier, lands on the portal
    // (their account and the bell) and opens the Examinations tab, which shows the paper not open yet.
    const arrivalWork = students.map((student) => {
      // Their last read is done a second before the opening, while the paper is still shut.
      const at = arrivalAt + arrivalPick() * (phases.arrival - 1) * SECOND;
      return later(at, () =>
        inTurn(student, async () => {
          for (const [path, accept] of [
            ['/api/auth/me', (answer) => answer.status === 200],
            ['/api/users/me/notifications', (answer) => answer.status === 200],
            ['/api/users/me/assessments', (answer) => examShown(answer, student, 'not_started')],
          ]) {
            const shown = await send(
              records.arrival,
              `GET ${path}`,
              Date.now(),
              {
                method: 'GET',
                path,
                token: student.token,
              },
              accept,
            );
            if (!shown) return;
          }
        }),
      );
    });

    // Start: within 10 s of the opening every student starts from their card, which opened on its
    // own at the opening (with EXAM_STORM.reloadTab they read the tab again first, which must show
    // the paper open), and has the paper (in the start's answer, or read after it).
    const startWork = students.map((student) => {
      const at = t0 + pick() * phases.start * SECOND;
      return later(at, () =>
        inTurn(student, async () => {
          if (EXAM_STORM.reloadTab) {
            const listed = await send(
              records.start,
              'GET /api/users/me/assessments',
              at,
              { method: 'GET', path: '/api/users/me/assessments', token: student.token },
              (answer) => examShown(answer, student, 'start'),
            );
            if (!listed) {
              student.failed = true;
              return;
            }
          }
          const startAt = EXAM_STORM.reloadTab ? Date.now() : at;
          const started = await send(
            records.start,
            'POST /api/assessment-attempts',
            startAt,
            {
              method: 'POST',
              path: '/api/assessment-attempts',
              token: student.token,
              body: { assessment_id: student.exam.assessmentId },
            },
            (answer) => answer.status === 201 || answer.status === 200,
          );
          if (!started) {
            student.failed = true;
            return;
          }
          // The start is the page's entry: the portal logs its time-spent record with it.
          student.attemptId = started.body.data.attempt._id;
          if (started.body.data.questions) {
            student.questions = started.body.data.questions;
            return;
          }
          const loadedAt = Date.now();
          const sheet = await send(
            records.start,
            'GET /api/assessment-attempts/{id}',
            loadedAt,
            { method: 'GET', path: `/api/assessment-attempts/${student.attemptId}`, token: student.token },
            (answer) => answer.status === 200,
          );
          if (!sheet) {
            student.failed = true;
            return;
          }
          student.questions = sheet.body.data.questions;
        }),
      );
    });

    // Answering: every 15 s each student saves an answer to a random question, the students spread
    // evenly; on one of those turns the answer is an answer sheet, uploaded first.
    const answeringStart = t0 + phases.start * SECOND;
    const turns = Math.ceil(phases.answering / phases.saveEvery);
    const saves = [];
    for (const student of students) {
      const offset = (student.index / students.length) * phases.saveEvery * SECOND;
      for (let turn = 0; turn < turns; turn += 1) {
        const at = answeringStart + offset + turn * phases.saveEvery * SECOND;
        const choose = random(student.index * 100 + turn + 1);
        saves.push(
          later(at, () =>
            inTurn(student, async () => {
              if (student.failed || !student.questions) {
                records.answering.errors += 1;
                return;
              }
              const sheetTurn = turn === student.index % turns;
              const writable = student.questions.filter((one) => (one.type === 'UPLOAD') === sheetTurn);
              const question = writable[Math.floor(choose() * writable.length)];
              let answer;
              if (sheetTurn) {
                const uploaded = await send(
                  records.answering,
                  'POST /api/s3/v2?purpose=answer_sheet',
                  at,
                  {
                    method: 'POST',
                    path: '/api/s3/v2?purpose=answer_sheet',
                    token: student.token,
                    raw: sheetUpload(student.index + 1),
                  },
                  (reply) => reply.status === 201,
                );
                if (!uploaded) return;
                answer = { optionIds: [], text: null, fileUrls: [uploaded.body.data.publicUrl] };
              } else {
                answer = answerTo(question, choose, student.index + 1, turn);
              }
              const saved = await send(
                records.answering,
                'PUT /api/assessment-attempts/{id}/answers/{questionId}',
                at,
                {
                  method: 'PUT',
                  path: `/api/assessment-attempts/${student.attemptId}/answers/${question._id}`,
                  token: student.token,
                  body: body(answer),
                },
                (reply) => reply.status === 200,
              );
              if (!saved) return;
              student.answers.set(question._id, answer);
              student.savedAt.set(question._id, saved.body.data.answer.updated_at);
              acknowledged.set(`${student.studentId}/${question._id}`, answer);
            }),
          ),
        );
      }
    }

    // End: at the deadline every student's countdown reaches zero and the client submits every answer it holds.
    const ends = students.map((student) => {
      const at = dueAt + pick() * phases.end * SECOND;
      return later(at, () =>
        inTurn(student, async () => {
          if (student.failed) {
            records.end.errors += 1;
            return;
          }
          // As the web app sends it: every answer held, with the save it came from.
          const submissions = [...student.answers].map(([questionId, answer]) => ({
            question_id: questionId,
            ...body(answer),
            saved_at: student.savedAt.get(questionId) ?? null,
          }));
          const done = await send(
            records.end,
            'POST /api/assessment-submissions',
            at,
            {
              method: 'POST',
              path: '/api/assessment-submissions',
              token: student.token,
              body: {
                assessment_id: student.exam.assessmentId,
                batch_subject_id: student.exam.batchSubjectId,
                submissions,
              },
            },
            // A retry after a crash may find the first try committed: the student is told so.
            (reply) => {
              if (reply.status === 201) return true;
              const committed =
                crash && reply.status === 409 && reply.body?.error?.message === 'Already Submitted!';
              if (committed) records.end.confirmedByRepeat += 1;
              return committed;
            },
          );
          if (done) submitted.add(student.studentId);
        }),
      );
    });

    // kill -9 in the middle of each phase of the sitting, then the portal starts again on the same
    // data and port.
    const crashedPhases = ['start', 'answering', 'end'];
    const crashes = crash
      ? [
          t0 + (phases.start / 2) * SECOND,
          answeringStart + (phases.answering / 2) * SECOND,
          dueAt + (phases.end / 2) * SECOND,
        ].map((at, index) =>
          later(at, async () => {
            let release;
            restarting = new Promise((resolve) => {
              release = resolve;
            });
            const killedAt = Date.now();
            for (const memory of memories) await memory.read();
            await db.client.end().catch(() => {});
            await portal.crash();
            portal = await startPortal(STORM_DIR, { ownGroup: true, port: portal.port });
            memories.push(sampleMemory(portal.pid));
            db.client = await connectStormDatabase();
            const seconds = (Date.now() - killedAt) / SECOND;
            restarts.push({ phase: crashedPhases[index], seconds });
            console.log(
              `  kill -9 in the ${crashedPhases[index]} phase; up again after ${seconds.toFixed(1)} s`,
            );
            restarting = null;
            release();
          }),
        )
      : [];

    // CPU used by the portal and its PostgreSQL through the storm (without crashes: a restart
    // starts the counters again), and by this load generator.
    const cpuBefore = crash ? null : await cpuSeconds(portal.pid, STORM_DIR);
    const cpuSamples = crash ? null : sampleCpu(portal.pid);
    const clientBefore = process.cpuUsage();
    await Promise.all(arrivalWork);
    await Promise.all(startWork);
    await Promise.all(saves);
    await Promise.all([...ends, ...crashes]);
    await Promise.all(students.map((student) => student.chain));
    for (const memory of memories) await memory.read();
    cpuSamples?.stop();
    const peakMb = Math.max(...memories.map((memory) => memory.state.peakMb));

    const verified = await verifyStorm(db.client, {
      assessmentIds: exams.map((exam) => exam.assessmentId),
      acknowledged,
      submittedStudents: submitted,
    });
    const figures = Object.values(records).map((record) => ({
      ...summary(record),
      bySecond:
        cpuSamples && (record.name === 'start' || record.name === 'end')
          ? phaseSeconds(record, cpuSamples.samples, phases[record.name])
          : null,
    }));
    const requests = figures.reduce((sum, phase) => sum + phase.requests, 0);
    const clientUsage = process.cpuUsage(clientBefore);
    const cpuAfter = crash ? null : await cpuSeconds(portal.pid, STORM_DIR);
    const cpu = cpuAfter && {
      node: cpuAfter.node - cpuBefore.node,
      postgres: cpuAfter.postgres - cpuBefore.postgres,
      client: (clientUsage.user + clientUsage.system) / 1e6,
    };
    if (cpu) cpu.msPerRequest = ((cpu.node + cpu.postgres) * SECOND) / requests;
    const load = await loadAverage();
    report({ crash, figures, verified, peakMb, restarts, cpu, students: students.length, load, misses });
    return {
      crash,
      students: students.length,
      papers: exams.length,
      phases: figures,
      verified,
      peakMb,
      restarts,
      cpu,
      load,
    };
  } finally {
    for (const memory of memories) memory.stop();
    agent.destroy();
    await db.client.end().catch(() => {});
    await portal.stop();
  }
}

/** The machine's load average over the last minute and five, as /proc/loadavg has them. */
async function loadAverage() {
  const text = await fs.readFile('/proc/loadavg', 'utf8');
  const [one, five] = text.split(' ').map(Number);
  return { one, five };
}

function report({ crash, figures, verified, peakMb, restarts, cpu, students, load, misses }) {
  const ms = (value) => `${Math.round(value)} ms`;
  const label = `exam storm of ${students}${crash ? ' with kill -9' : ''}`;
  for (const phase of figures) {
    const budget = phase.name === 'answering' ? BUDGETS.examAnsweringP99Ms : BUDGETS.examStartEndP99Ms;
    const ok = phase.errors === 0 && (crash || phase.p99 < budget);
    if (!ok) misses.push(`${label}, ${phase.name}: ${phase.errors} errors, p99 ${ms(phase.p99)}`);
    console.log(
      `  ${phase.name}: ${phase.requests} requests in ${phase.seconds.toFixed(1)} s, ${Math.round(phase.rps)} req/s, ` +
        `p50 ${ms(phase.p50)}, p95 ${ms(phase.p95)}, p99 ${ms(phase.p99)}, max ${ms(phase.max)}, ` +
        `sent late p99 ${ms(phase.lateP99)}, ` +
        `${phase.errors} errors${crash ? `, ${phase.retries} retried` : ''}` +
        `${phase.confirmedByRepeat ? ` (${phase.confirmedByRepeat} submits lost their answer to the crash and were told "Already Submitted!" on retrying)` : ''}` +
        '  ' +
        `${ok ? 'OK' : 'MISSED'}${crash ? '' : ` (p99 budget ${budget} ms)`}`,
    );
    for (const [kind, figure] of Object.entries(phase.kinds)) {
      console.log(`      ${kind}: ${figure.requests}, p50 ${ms(figure.p50)}, p99 ${ms(figure.p99)}`);
    }
    if (phase.bySecond) {
      console.log(
        `      by second: p99 ${phase.bySecond.map((second) => second.p99).join(' ')} ms; ` +
          `CPU a request answered, Node ${phase.bySecond.map((second) => second.nodeMs.toFixed(2)).join(' ')} ms, ` +
          `PostgreSQL ${phase.bySecond.map((second) => second.postgresMs.toFixed(2)).join(' ')} ms`,
      );
    }
  }
  const intact =
    verified.missing === 0 &&
    verified.different === 0 &&
    verified.submittedOnce === students &&
    verified.notSubmitted === 0 &&
    verified.duplicated === 0 &&
    // kill -9 may cost the last second of time-spent records (decision 14), never an answer.
    (crash || verified.entered === students);
  if (!intact) misses.push(`${label}: the database lost or doubled what was acknowledged`);
  console.log(
    `  In the database: ${verified.kept} of ${verified.acknowledged} acknowledged answers stored with their value ` +
      `(${verified.missing} missing, ${verified.different} different); ${verified.submittedOnce} of ${students} ` +
      `students submitted exactly once (${verified.notSubmitted} not, ${verified.duplicated} twice); ` +
      `${verified.entered} of ${students} entries logged  ${intact ? 'OK' : 'MISSED'}`,
  );
  if (restarts.length) {
    console.log(
      `  Restarts: ${restarts.map((restart) => `${restart.phase} ${restart.seconds.toFixed(1)} s`).join(', ')}`,
    );
  }
  if (cpu) {
    console.log(
      `  CPU: the portal ${cpu.node.toFixed(1)} s, its PostgreSQL ${cpu.postgres.toFixed(1)} s ` +
        `(${cpu.msPerRequest.toFixed(2)} ms a request); the load generator ${cpu.client.toFixed(1)} s`,
    );
  }
  console.log(`  Load average at the end: ${load.one} (1 min), ${load.five} (5 min)`);
  const memoryOk = peakMb < BUDGETS.rssMb;
  if (!memoryOk) misses.push(`${label}: portal memory peaked at ${peakMb.toFixed(0)} MB`);
  console.log(`  Portal memory peak: ${peakMb.toFixed(0)} MB  ${memoryOk ? 'OK' : 'MISSED'}`);
}

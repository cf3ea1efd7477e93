// What a benchmark run measures and the budgets it holds the portal to (README, "Budgets").
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DATA = path.join(ROOT, 'bench/.data');

const number = (name, fallback) => Number(process.env[name] ?? fallback);

export const OPTIONS = {
  /** Seconds per measurement; each scenario is measured `runs` times, and the medians count. */
  seconds: number('BENCH_SECONDS', 5),
  runs: number('BENCH_RUNS', 3),
  /** Connections of the student load (the hot reads and the stall tests). */
  connections: number('BENCH_CONNECTIONS', 20),
  /** Connections of the moderator and faculty lists: a few staff members at once. */
  listConnections: number('BENCH_LIST_CONNECTIONS', 4),
  /** Distinct signed-in students the requests rotate over: the whole school. */
  students: number('BENCH_STUDENTS', 5000),
  /** Sign-ins a second during the sign-in stall test. */
  signInsPerSecond: number('BENCH_SIGN_INS_PER_SECOND', 50),
  /**
   * Runs only the scenarios whose name contains this text, or one of several texts split by '|'
   * ('GET /api/|cwx': the hot reads, then the reports); `exam` the examination storm alone,
   * `exam-crash` its kill -9 run.
   */
  only: process.env.BENCH_ONLY,
  /**
   * The Accept-Encoding the load's requests send (e.g. `gzip, deflate, br, zstd`, as browsers do):
   * answers over 1 KB then come compressed, and their compression is measured with them. Unset,
   * answers come as they are.
   */
  acceptEncoding: process.env.BENCH_ACCEPT_ENCODING,
  /** Seeds the scale data again even when bench/.data/scale holds it. */
  reseed: process.env.BENCH_RESEED === '1',
};

/** The examination storms (bench/lib/exam-storm.mjs): phase lengths in seconds, client connections. */
export const EXAM_STORM = {
  phases: {
    arrival: number('BENCH_EXAM_ARRIVAL_SECONDS', 300),
    start: 10,
    answering: 120,
    saveEvery: 15,
    end: 10,
  },
  /** The storms' sizes (students; 250 a batch, each batch its own paper); the kill -9 run takes the largest. */
  sizes: (process.env.BENCH_EXAM_STUDENTS ?? '1000,2500,5000').split(',').map(Number),
  /** Keep-alive connections the 5,000 students' requests share, as behind a school's proxy. */
  connections: number('BENCH_EXAM_CONNECTIONS', 256),
  /**
   * Fair papers (issue 25), on unless BENCH_EXAM_FAIR=0: each paper shuffles its questions and
   * options, draws 15 of its 20 questions per student, gives every student their own clock (a
   * duration) and 10 % of the students 25 % extra time.
   */
  fair: process.env.BENCH_EXAM_FAIR !== '0',
  /**
   * At the opening each student starts from the card that opened on their screen, as the web app's
   * Examinations tab does; with BENCH_EXAM_RELOAD_TAB=1 each reads the tab again first (what a
   * student had to do before the card opened by itself, or one who reloads).
   */
  reloadTab: process.env.BENCH_EXAM_RELOAD_TAB === '1',
};

/** The event streams (bench/lib/event-streams.mjs). */
export const EVENT_STREAMS = {
  /** Distinct scale students, each holding one stream open on the one portal. */
  streams: number('BENCH_EVENT_STREAMS', 5000),
  /** Streams being opened at once (a school's morning: many tabs opening, not all in one instant). */
  openConcurrency: number('BENCH_EVENT_OPEN_CONCURRENCY', 100),
  /** How long to wait for an announcement to reach every stream before counting those without it. */
  deliveryWaitSeconds: 10,
  /** The hot reads measured without and with the streams open. */
  hotReads: ['GET /api/auth/me', 'GET /api/users/me/batch-subjects'],
};

export const BUDGETS = {
  /** Every hot student read: at least this share of the bare route's throughput … */
  hotShareOfBare: 0.25,
  /** … with p99 at most this many milliseconds at `connections`. */
  hotP99Ms: 50,
  /** The moderator's doubt list and the faculty's doubts, p99. */
  staffDoubtsP99Ms: 100,
  /** The sessions lists, the bell and the announcements, p99. */
  listP99Ms: 100,
  /** The moderator's batch-subject list, p50. */
  batchSubjectsP50Ms: 50,
  /** Every report of the moderator (a batch or the whole institution), p99 at one connection. */
  reportP99Ms: 300,
  /** Every report's PDF, p99 at one connection. */
  reportPdfP99Ms: 2000,
  /** Hot reads during a stall test keep this share of their undisturbed throughput. */
  stallShare: 0.7,
  /** The examination storms: p99 of the start and end phases, and of the answering. */
  examStartEndP99Ms: 500,
  examAnsweringP99Ms: 200,
  /** An announcement to the whole institution reaches every one of the open streams within this. */
  eventDeliveryMs: 2000,
  /** The portal's resident memory with the streams open, less before they opened. */
  eventStreamsMb: 300,
  /** The hot reads with the streams open keep this share of their throughput without. */
  hotShareWithStreams: 0.8,
  /** The portal process's resident memory, through the whole run. */
  rssMb: 512,
};

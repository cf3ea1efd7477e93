// npm run bench — the portal on the school-scale data (decision 35) against a bare Fastify route
// in its own process: the students' hot reads, the staff's lists, sign-in, and the stall tests,
// each measured BENCH_RUNS times (medians count), with the portal's memory sampled throughout;
// then 5,000 open event streams (an announcement's delivery, their memory, the hot reads beside
// them) and the examination storms (a school's exam day: 1,000, 2,500 and 5,000 students, each
// batch of 250 its own paper; again at 5,000 with kill -9 in every phase).
// Exits non-zero when a budget (README, "Budgets"; bench/lib/options.mjs) is missed.
// Needs `npm run build` first. Tuning: BENCH_SECONDS, BENCH_RUNS, BENCH_CONNECTIONS,
// BENCH_LIST_CONNECTIONS, BENCH_STUDENTS, BENCH_ONLY=text (or events, exam, exam-crash), BENCH_RESEED=1,
// BENCH_EXAM_CONNECTIONS, BENCH_EXAM_STUDENTS (e.g. 1000,5000), BENCH_EVENT_STREAMS,
// BENCH_EVENT_OPEN_CONCURRENCY.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eventStreams } from './lib/event-streams.mjs';
import { examStorm } from './lib/exam-storm.mjs';
import { hit, measure, median, rotation } from './lib/load.mjs';
import { BUDGETS, DATA, EXAM_STORM, OPTIONS } from './lib/options.mjs';
import { sampleMemory, startBare, startPortal } from './lib/processes.mjs';
import { ensureScaleData, SCALE_DIR } from './lib/scale-data.mjs';
import { hotMix, hotReads, reports, signIns, staffLists } from './lib/scenarios.mjs';
import { obtainSessions } from './lib/sessions.mjs';
import { backToBack, steadyRate } from './lib/stall.mjs';

const misses = [];
/** The portal's memory sampler (set once it runs); each scenario line shows the peak so far. */
let memory;
const rss = () =>
  memory ? `, portal ${memory.state.lastMb.toFixed(0)} MB (peak ${memory.state.peakMb.toFixed(0)})` : '';
const results = {
  options: OPTIONS,
  budgets: BUDGETS,
  hot: [],
  lists: [],
  reports: [],
  signIn: null,
  stalls: [],
};
const wanted = (name) => !OPTIONS.only || OPTIONS.only.split('|').some((part) => name.includes(part));
const ms = (value) => `${Math.round(value * 10) / 10} ms`;
const percent = (share) => `${(share * 100).toFixed(1)}%`;

function check(ok, text) {
  if (!ok) misses.push(text);
  return ok ? 'OK' : 'MISSED';
}

async function hotScenarios(servers, sessions, planDay) {
  console.log(
    `\nHot student reads: ${OPTIONS.connections} connections over ${sessions.students.length} students`,
  );
  for (const scenario of hotReads(sessions, planDay).filter((one) => wanted(one.name))) {
    const result = await measure(servers, scenario.items);
    const ok =
      result.share >= BUDGETS.hotShareOfBare && result.p99 <= BUDGETS.hotP99Ms && result.failed === 0;
    const verdict = check(ok, `${scenario.name}: ${percent(result.share)} of bare, p99 ${ms(result.p99)}`);
    console.log(
      `  ${scenario.name}: ${Math.round(result.rps)} req/s, ${percent(result.share)} of bare ` +
        `(${Math.round(result.bareRps)}), p50 ${ms(result.p50)}, p99 ${ms(result.p99)}` +
        `${result.failed ? `, ${result.failed} failed` : ''}${rss()}  ${verdict}`,
    );
    results.hot.push({ name: scenario.name, ...result });
  }
}

async function listScenarios(servers, sessions) {
  console.log(`\nStaff lists: ${OPTIONS.listConnections} connections`);
  for (const scenario of staffLists(sessions, BUDGETS).filter((one) => wanted(one.name))) {
    const result = await measure(servers, scenario.items, {
      connections: OPTIONS.listConnections,
      withoutBare: true,
    });
    const { budget = {} } = scenario;
    const ok =
      result.failed === 0 &&
      (budget.p99 === undefined || result.p99 < budget.p99) &&
      (budget.p50 === undefined || result.p50 < budget.p50);
    const verdict =
      budget.p99 || budget.p50
        ? check(ok, `${scenario.name}: p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`)
        : '';
    const sizeOf = await answerSize(servers.portal.url, scenario.items[0]);
    console.log(
      `  ${scenario.name}: ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, ` +
        `${(sizeOf / 1024).toFixed(1)} KB${result.failed ? `, ${result.failed} failed` : ''}${rss()}  ${verdict}`,
    );
    results.lists.push({ name: scenario.name, bytes: sizeOf, ...result });
  }
}

/** The moderator's reports, one request at a time (a moderator waits for each): p99 within budget. */
async function reportScenarios(servers, sessions, planDay) {
  const me = await fetch(`${servers.portal.url}/api/auth/me`, {
    headers: { authorization: `Bearer ${sessions.moderator.jwt}` },
  }).then((response) => response.json());
  const scenarios = () => reports(sessions, BUDGETS, planDay, me.data.institution_id);
  if (!scenarios().some((one) => wanted(one.name))) return;
  console.log('\nReports: 1 connection');
  for (const scenario of scenarios().filter((one) => wanted(one.name))) {
    const result = await measure(servers, scenario.items, { connections: 1, withoutBare: true });
    const ok = result.failed === 0 && result.p99 < scenario.budget.p99;
    const verdict = check(ok, `${scenario.name}: p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`);
    const sizeOf = await answerSize(servers.portal.url, scenario.items[0]);
    console.log(
      `  ${scenario.name}: p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, ${(sizeOf / 1024).toFixed(1)} KB` +
        `${result.failed ? `, ${result.failed} failed` : ''}${rss()}  ${verdict}`,
    );
    results.reports.push({ name: scenario.name, bytes: sizeOf, ...result });
  }
}

async function answerSize(url, item) {
  const response = await fetch(`${url}${item.path}`, { headers: item.headers });
  return (await response.arrayBuffer()).byteLength;
}

async function signInScenario(servers, sessions) {
  const name = 'POST /api/auth/login';
  if (!wanted(name)) return;
  const result = await measure(servers, signIns(sessions), { withoutBare: true });
  console.log(
    `\nSign-in (${OPTIONS.connections} connections, rotating students): ${Math.round(result.rps)} req/s, ` +
      `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}${result.failed ? `, ${result.failed} failed` : ''}${rss()}`,
  );
  results.signIn = { name, ...result };
}

/** Pairs of (quiet, disturbed) runs of the students' mixed hot reads; the median share counts. */
async function stallTest(servers, name, mix, disturb) {
  if (!wanted(name)) return;
  const turn = rotation(mix);
  await hit(servers.portal.url, turn, { seconds: 1 });
  const pairs = [];
  for (let run = 0; run < OPTIONS.runs; run += 1) {
    const quiet = await hit(servers.portal.url, turn);
    const disturbance = disturb();
    const busy = await hit(servers.portal.url, turn);
    await disturbance.stop();
    pairs.push({ quiet, busy, disturbance: disturbance.stats });
  }
  const share = median(pairs.map((pair) => pair.busy.rps / pair.quiet.rps));
  const quietRps = median(pairs.map((pair) => pair.quiet.rps));
  const busyRps = median(pairs.map((pair) => pair.busy.rps));
  const busyP99 = median(pairs.map((pair) => pair.busy.p99));
  const quietP99 = median(pairs.map((pair) => pair.quiet.p99));
  const done = pairs.reduce((sum, pair) => sum + pair.disturbance.done, 0);
  const failed = pairs.reduce((sum, pair) => sum + pair.disturbance.failed, 0);
  const heavy = pairs.flatMap((pair) => pair.disturbance.milliseconds).sort((a, b) => a - b);
  const heavyMs = median(heavy);
  const heavyP99 = heavy[Math.min(heavy.length - 1, Math.ceil(heavy.length * 0.99) - 1)] ?? 0;
  const busy = pairs.reduce((sum, pair) => sum + (pair.disturbance.busy ?? 0), 0);
  const peakInFlight = Math.max(...pairs.map((pair) => pair.disturbance.peakInFlight ?? 0));
  // Every heavy request must be served in the end (a sign-in turned away waits and tries again).
  const verdict = check(
    share >= BUDGETS.stallShare && failed === 0,
    `${name}: hot reads kept ${percent(share)}, ${failed} heavy requests failed`,
  );
  const queue =
    pairs[0]?.disturbance.peakInFlight === undefined
      ? ''
      : `, at most ${peakInFlight} waiting or served at once, ${busy} answers "busy" (tried again)`;
  console.log(
    `  ${name}: hot reads ${Math.round(quietRps)} -> ${Math.round(busyRps)} req/s (${percent(share)}), ` +
      `p99 ${ms(quietP99)} -> ${ms(busyP99)}; the heavy requests: ${done} done` +
      `${failed ? `, ${failed} failed` : ''}, p50 ${ms(heavyMs)}, p99 ${ms(heavyP99)}${queue}${rss()}  ${verdict}`,
  );
  results.stalls.push({
    name,
    share,
    quietRps,
    busyRps,
    quietP99,
    busyP99,
    done,
    failed,
    heavyMs,
    heavyP99,
    busy,
    peakInFlight,
    pairs,
  });
}

async function stallTests(servers, sessions, planDay) {
  console.log(
    `\nStall tests: the students' hot reads mixed (${OPTIONS.connections} connections), quiet vs disturbed`,
  );
  const mix = hotMix(sessions, planDay);
  const moderator = { authorization: `Bearer ${sessions.moderator.jwt}` };
  const firstBatch = Object.keys(sessions.catalogue)[0];
  const { url } = servers.portal;
  await stallTest(servers, 'while a moderator renders student-list PDFs back to back', mix, () =>
    backToBack(url, `/api/batches/${firstBatch}/students/pdf`, moderator),
  );
  const signInTurn = rotation(signIns(sessions, Math.floor(sessions.students.length / 2)));
  await stallTest(servers, `while ${OPTIONS.signInsPerSecond} sign-ins a second arrive`, mix, () =>
    steadyRate(url, signInTurn, OPTIONS.signInsPerSecond),
  );
  await stallTest(servers, 'while a moderator reloads the doubts page back to back', mix, () =>
    backToBack(url, '/api/doubts', moderator),
  );
}

/** The students' reads, the staff's lists, sign-in and the stall tests, on one portal. */
async function schoolScenarios(scale) {
  const bare = await startBare();
  const portal = await startPortal(SCALE_DIR);
  memory = sampleMemory(portal.pid);
  try {
    await memory.read();
    console.log(`Portal started, ${memory.state.lastMb.toFixed(0)} MB resident`);
    const sessions = await obtainSessions(portal.url, OPTIONS.students);
    const servers = { bare, portal };
    console.log(
      `${OPTIONS.runs} runs of ${OPTIONS.seconds} s per scenario (medians); the bare route runs in its own process`,
    );
    await hotScenarios(servers, sessions, scale.seededOn);
    await listScenarios(servers, sessions);
    await reportScenarios(servers, sessions, scale.seededOn);
    await signInScenario(servers, sessions);
    await stallTests(servers, sessions, scale.seededOn);
    await memory.read();
    const verdict = check(
      memory.state.peakMb < BUDGETS.rssMb,
      `portal memory peaked at ${memory.state.peakMb.toFixed(0)} MB`,
    );
    console.log(
      `\nPortal memory (VmRSS, ${memory.state.samples} samples): peak ${memory.state.peakMb.toFixed(0)} MB, ` +
        `at the end ${memory.state.lastMb.toFixed(0)} MB  ${verdict}`,
    );
    results.memory = { peakMb: memory.state.peakMb, lastMb: memory.state.lastMb };
  } finally {
    memory.stop();
    await portal.stop();
    await bare.stop();
  }
}

const scale = await ensureScaleData();
// BENCH_ONLY=events runs the event streams alone, BENCH_ONLY=exam the examination storm alone,
// BENCH_ONLY=exam-crash its kill -9 run alone; a full run ends with the three, each on a portal of
// its own (bench/lib/event-streams.mjs, bench/lib/exam-storm.mjs).
const ownPortal = ['events', 'exam', 'exam-crash'];
if (!ownPortal.includes(OPTIONS.only)) await schoolScenarios(scale);
if (!OPTIONS.only || OPTIONS.only === 'events') {
  results.eventStreams = await eventStreams({ scale, misses });
}
results.examStorms = [];
if (!OPTIONS.only || OPTIONS.only === 'exam') {
  for (const students of EXAM_STORM.sizes)
    results.examStorms.push(await examStorm({ scale, students, misses }));
}
if (!OPTIONS.only || OPTIONS.only === 'exam-crash') {
  const students = Math.max(...EXAM_STORM.sizes);
  results.examStorms.push(await examStorm({ scale, students, crash: true, misses }));
}
results.scale = scale;
results.finishedAt = new Date().toISOString();
await fs.writeFile(path.join(DATA, 'results.json'), JSON.stringify(results, null, 2));
if (misses.length) {
  console.log(`\n${misses.length} budget(s) missed:\n${misses.map((miss) => `  - ${miss}`).join('\n')}`);
} else {
  console.log('\nEvery budget held.');
}
process.exitCode = misses.length ? 1 : 0;

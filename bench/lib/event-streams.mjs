// The event streams at school scale (issue 16, decision 34): 5,000 distinct students each hold
// `GET /api/events` open on one portal, read through fetch as the web app reads them (bearer
// header, `Accept: text/event-stream`). Measured: how long the opening takes, the portal's memory
// before and with the streams, how long a moderator's announcement to the whole institution takes
// to reach EVERY stream, and the students' hot reads with the streams open against without.
import { hit, measure, median, rotation } from './load.mjs';
import { BUDGETS, EVENT_STREAMS, OPTIONS } from './options.mjs';
import { sampleMemory, startPortal } from './processes.mjs';
import { SCALE_DIR } from './scale-data.mjs';
import { hotReads } from './scenarios.mjs';
import { bounded, mintedStudentTokens, obtainSessions } from './sessions.mjs';

const SECOND = 1000;
const ms = (value) => `${Math.round(value)} ms`;
const mb = (value) => `${value.toFixed(0)} MB`;
const percent = (share) => `${(share * 100).toFixed(1)}%`;
const pause = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const percentile = (sorted, share) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : 0;

/**
 * One student's stream: resolves once its `ready` event came (the hub holds it then). Every
 * `announcement.created` is recorded in `arrivals` (announcement id -> arrival times); `onEnd`
 * hears of a stream that ends or fails before the run closes it.
 */
async function openStream(url, token, { arrivals, onEnd, signal }) {
  const response = await fetch(`${url}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`GET /api/events answered ${response.status}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ready;
  const isReady = new Promise((resolve, reject) => {
    ready = { resolve, reject };
  });
  const handle = (block) => {
    const kind = /^event: (.+)$/m.exec(block)?.[1];
    if (kind === 'ready') ready.resolve();
    if (kind !== 'announcement.created') return;
    const id = JSON.parse(/^data: (.+)$/m.exec(block)[1]).announcement_id;
    const times = arrivals.get(id) ?? [];
    times.push(performance.now());
    arrivals.set(id, times);
  };
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        handle(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
    throw new Error('the stream ended');
  })().catch((error) => {
    ready.reject(error);
    if (!signal.aborted) onEnd(error);
  });
  return isReady;
}

/** The moderator's announcement to the whole institution; answers when each stream had it. */
async function announce(url, moderatorJwt, arrivals, streamCount, number) {
  const sentAt = performance.now();
  const cpuAt = process.cpuUsage();
  const response = await fetch(`${url}/api/announcements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${moderatorJwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: `Assembly at 9:00 (${number})`,
      description: 'Every student meets in the main hall for the morning assembly.',
      audience: 'institution',
    }),
  });
  const answeredMs = performance.now() - sentAt;
  if (response.status !== 201) {
    throw new Error(`POST /api/announcements answered ${response.status}: ${await response.text()}`);
  }
  const id = (await response.json()).data.announcement._id;
  const giveUpAt = performance.now() + EVENT_STREAMS.deliveryWaitSeconds * SECOND;
  while ((arrivals.get(id)?.length ?? 0) < streamCount && performance.now() < giveUpAt) {
    await pause(20);
  }
  const cpu = process.cpuUsage(cpuAt);
  const delays = (arrivals.get(id) ?? []).map((at) => at - sentAt).sort((a, b) => a - b);
  return {
    answeredMs,
    // The readers' own share of the delays: this process's CPU while the streams read the event.
    readersCpuMs: (cpu.user + cpu.system) / 1000,
    received: delays.length,
    p50: percentile(delays, 0.5),
    p99: percentile(delays, 0.99),
    // Every stream, or (when some never had it) the whole wait.
    allMs: delays.length === streamCount ? delays.at(-1) : Number.POSITIVE_INFINITY,
  };
}

/** `runs` of each hot read (medians), labelled `when`. */
async function hotThroughput(servers, scenarios, when) {
  const figures = {};
  for (const scenario of scenarios) {
    figures[scenario.name] = await measure(servers, scenario.items, { withoutBare: true });
    const result = figures[scenario.name];
    console.log(
      `  ${scenario.name}, ${when}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, ` +
        `p99 ${result.p99} ms${result.failed ? `, ${result.failed} failed` : ''}`,
    );
  }
  return figures;
}

/**
 * Runs the scenario on a portal of its own (the scale data), adding what missed a budget to
 * `misses`; answers its figures.
 */
export async function eventStreams({ scale, misses }) {
  const check = (ok, text) => {
    if (!ok) misses.push(`event streams: ${text}`);
    return ok ? 'OK' : 'MISSED';
  };
  const count = EVENT_STREAMS.streams;
  const portal = await startPortal(SCALE_DIR);
  const memory = sampleMemory(portal.pid);
  const servers = { portal };
  // A controller per stream (fetch caps the listeners of one signal); `closeAll` ends them all.
  const controllers = [];
  const closeAll = () => {
    for (const controller of controllers) controller.abort();
  };
  try {
    console.log(
      `\nEvent streams: ${count} students each hold GET /api/events open on one portal (fetch readers, ` +
        `${EVENT_STREAMS.openConcurrency} opening at a time)`,
    );
    const sessions = await obtainSessions(portal.url, OPTIONS.students);
    const { tokens } = await mintedStudentTokens(SCALE_DIR, count);
    if (tokens.length < count) throw new Error(`the scale data has ${tokens.length} students, not ${count}`);
    const scenarios = hotReads(sessions, scale.seededOn).filter((one) =>
      EVENT_STREAMS.hotReads.includes(one.name),
    );

    console.log(
      `Hot reads (${OPTIONS.connections} connections, ${OPTIONS.runs} runs of ${OPTIONS.seconds} s):`,
    );
    // Unmeasured: the portal's code warmed up and its read cache filled, as after the streams.
    for (const scenario of scenarios) await hit(portal.url, rotation(scenario.items));
    const before = await hotThroughput(servers, scenarios, 'no streams open');

    await pause(SECOND);
    await memory.read();
    const beforeMb = memory.state.lastMb;
    memory.state.peakMb = beforeMb;

    const arrivals = new Map();
    const ended = [];
    const onEnd = (error) => ended.push(error.message);
    const openedAt = performance.now();
    const opening = await bounded(tokens, EVENT_STREAMS.openConcurrency, (token) => {
      const controller = new AbortController();
      controllers.push(controller);
      return openStream(portal.url, token, { arrivals, onEnd, signal: controller.signal }).then(
        () => null,
        (error) => error.message,
      );
    });
    const openSeconds = (performance.now() - openedAt) / SECOND;
    const refused = opening.filter(Boolean);
    const open = count - refused.length;
    await pause(2 * SECOND);
    await memory.read();
    const withMb = memory.state.lastMb;
    const openingPeakMb = memory.state.peakMb;
    console.log(
      `Opened ${open} of ${count} streams in ${openSeconds.toFixed(1)} s` +
        `${refused.length ? ` (${refused.length} refused: ${[...new Set(refused)].join('; ')})` : ''}; ` +
        `portal ${mb(beforeMb)} before, ${mb(withMb)} with them open (peak while opening ${mb(openingPeakMb)})`,
    );

    const deliveries = [];
    for (let run = 1; run <= OPTIONS.runs; run += 1) {
      const delivery = await announce(portal.url, sessions.moderator.jwt, arrivals, open, run);
      deliveries.push(delivery);
      const verdict = check(
        delivery.allMs < BUDGETS.eventDeliveryMs,
        `announcement ${run} reached ${delivery.received} of ${open} streams, the last after ${ms(delivery.allMs)}`,
      );
      console.log(
        `  announcement ${run} to the institution: POST answered in ${ms(delivery.answeredMs)}; ` +
          `${delivery.received} of ${open} streams had it, p50 ${ms(delivery.p50)}, p99 ${ms(delivery.p99)}, ` +
          `every stream ${ms(delivery.allMs)} (the readers' CPU meanwhile ${ms(delivery.readersCpuMs)})  ${verdict}`,
      );
      await pause(2 * SECOND);
    }

    const withStreams = await hotThroughput(servers, scenarios, `${open} streams open`);
    await memory.read();
    const afterMb = memory.state.lastMb;
    closeAll();
    await pause(2 * SECOND);
    const after = await hotThroughput(servers, scenarios, 'the streams closed again');
    // Without the streams: the runs before they opened and after they closed, so a drift of the
    // shared machine's load during the scenario does not count for or against them.
    const without = Object.fromEntries(
      scenarios.map((scenario) => {
        const runs = [...before[scenario.name].runs, ...after[scenario.name].runs];
        return [
          scenario.name,
          { rps: median(runs.map((run) => run.portal.rps)), p99: median(runs.map((run) => run.portal.p99)) },
        ];
      }),
    );
    const streamsMb = Math.max(withMb, afterMb) - beforeMb;
    const shares = scenarios.map((scenario) => ({
      name: scenario.name,
      without: without[scenario.name].rps,
      with: withStreams[scenario.name].rps,
      share: withStreams[scenario.name].rps / without[scenario.name].rps,
      p99Without: without[scenario.name].p99,
      p99With: withStreams[scenario.name].p99,
    }));

    console.log('\nEvent streams, the budgets:');
    console.log(
      `  ${open} of ${count} streams opened, none ended early: ` +
        `${check(refused.length === 0 && ended.length === 0, `${refused.length} streams refused, ${ended.length} ended early`)}` +
        `${ended.length ? ` (${ended.length} ended: ${[...new Set(ended)].join('; ')})` : ''}`,
    );
    const worst = Math.max(...deliveries.map((one) => one.allMs));
    console.log(
      `  an announcement reached every stream within ${ms(worst)} (worst of ${deliveries.length}; ` +
        `median of the p99s ${ms(median(deliveries.map((one) => one.p99)))})  ` +
        `${worst < BUDGETS.eventDeliveryMs ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `  the streams' memory: ${mb(streamsMb)} (${mb(beforeMb)} before, ${mb(withMb)} with them open, ` +
        `${mb(afterMb)} after the loads; peak ${mb(memory.state.peakMb)})  ` +
        `${check(streamsMb < BUDGETS.eventStreamsMb, `the streams took ${mb(streamsMb)}`)}`,
    );
    for (const one of shares) {
      console.log(
        `  ${one.name}: ${Math.round(one.without)} -> ${Math.round(one.with)} req/s with the streams open ` +
          `(${percent(one.share)}; without: the median of the runs before they opened and after they closed), ` +
          `p99 ${one.p99Without} -> ${one.p99With} ms  ` +
          `${check(one.share >= BUDGETS.hotShareWithStreams, `${one.name} kept ${percent(one.share)} with the streams open`)}`,
      );
    }
    return {
      streams: count,
      open,
      refused: refused.length,
      endedEarly: ended.length,
      openSeconds,
      memory: { beforeMb, withMb, afterMb, streamsMb, openingPeakMb, peakMb: memory.state.peakMb },
      deliveries,
      hot: shares,
    };
  } finally {
    closeAll();
    memory.stop();
    await portal.stop();
  }
}

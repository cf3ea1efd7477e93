// The event streams at school scale (decision 34): 5,000 distinct students each hold
// `GET /api/events` open on one portal, read through fetch as the web app reads them (bearer
// header, `Accept: text/event-stream`). Measured: how long the opening takes, the portal's memory
// before and with the streams, how long a moderator's announcement to the whole institution takes
// to reach EVERY stream and then every tab's bell (the event carries the bell's item, which the
// tab puts in its bell as the web app does; an event without it would make each tab refetch its
// bell at a random moment within a second), the students' hot reads during that wave, and the hot
// reads with the streams open against without.
import { hit, median, rotation } from './load.mjs';
import { BUDGETS, EVENT_STREAMS, OPTIONS } from './options.mjs';
import { sampleMemory, startPortal } from './processes.mjs';
import { SCALE_DIR } from './scale-data.mjs';
import { hotMix, hotReads } from './scenarios.mjs';
import { bounded, mintedStudentTokens, obtainSessions } from './sessions.mjs';

const SECOND = 1000;
const ms = (value) => `${Math.round(value)} ms`;
const mb = (value) => `${value.toFixed(0)} MB`;
const percent = (share) => `${(share * 100).toFixed(1)}%`;
const pause = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const percentile = (sorted, share) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : 0;

/** As the web app spreads its refetches after an event (apps/web/src/app/live/spread-refetch.ts). */
const REFETCH_SPREAD_MS = 1000;

/**
 * The tab's bell refetched after an announcement, at a random moment within the spread: when its
 * answer holds the announcement, the time is recorded in `bells` (announcement id -> times).
 */
function refetchBell(url, token, id, bells) {
  setTimeout(async () => {
    const response = await fetch(`${url}/api/users/me/notifications`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    }).catch(() => null);
    if (!response?.ok) return;
    const items = (await response.json()).data.notifications.items;
    if (!items.some((item) => item._id === id)) return;
    const times = bells.get(id) ?? [];
    times.push(performance.now());
    bells.set(id, times);
  }, Math.random() * REFETCH_SPREAD_MS);
}

/**
 * One student's stream: resolves once its `ready` event came (the hub holds it then). Every
 * `announcement.created` is recorded in `arrivals` (announcement id -> arrival times) and reaches
 * the tab's bell (`bells`); `onEnd` hears of a stream that ends or fails before the run
 * closes it.
 */
async function openStream(url, token, { arrivals, bells, onEnd, signal }) {
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
  let opened = false;
  const isReady = new Promise((resolve, reject) => {
    ready = { resolve, reject };
  });
  const handle = (block) => {
    const kind = /^event: (.+)$/m.exec(block)?.[1];
    if (kind === 'ready') {
      opened = true;
      ready.resolve();
    }
    if (kind !== 'announcement.created') return;
    const data = JSON.parse(/^data: (.+)$/m.exec(block)[1]);
    const id = data.announcement_id;
    const times = arrivals.get(id) ?? [];
    times.push(performance.now());
    arrivals.set(id, times);
    // As the web app (LiveUpdatesProvider): an event carrying the announcement puts it in the
    // tab's bell at once; one without it makes the tab read its bell again.
    if (data.announcement) {
      const held = bells.get(id) ?? [];
      held.push(performance.now());
      bells.set(id, held);
    } else {
      refetchBell(url, token, id, bells);
    }
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
    // Before `ready` the opening failed (counted as refused), after it the stream ended early.
    if (!opened) ready.reject(error);
    else if (!signal.aborted) onEnd(error);
  });
  return isReady;
}

/** The moderator's announcement to the whole institution; answers when each stream, then each bell, had it. */
async function announce(url, moderatorJwt, { arrivals, bells }, streamCount, number) {
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
  while ((bells.get(id)?.length ?? 0) < streamCount && performance.now() < giveUpAt) {
    await pause(20);
  }
  const delays = (arrivals.get(id) ?? []).map((at) => at - sentAt).sort((a, b) => a - b);
  const bellDelays = (bells.get(id) ?? []).map((at) => at - sentAt).sort((a, b) => a - b);
  return {
    id,
    answeredMs,
    // The readers' own share of the delays: this process's CPU while the streams read the event.
    readersCpuMs: (cpu.user + cpu.system) / 1000,
    received: delays.length,
    firstMs: delays[0] ?? Number.POSITIVE_INFINITY,
    p50: percentile(delays, 0.5),
    p99: percentile(delays, 0.99),
    // Every stream, or (when some never had it) the whole wait.
    allMs: delays.length === streamCount ? delays.at(-1) : Number.POSITIVE_INFINITY,
    bells: bellDelays.length,
    bellP50: percentile(bellDelays, 0.5),
    bellAllMs: bellDelays.length === streamCount ? bellDelays.at(-1) : Number.POSITIVE_INFINITY,
  };
}

/** One run of each hot read (its rotation goes on where the last run left it). */
async function hotRun(url, turns, options = {}) {
  const figures = {};
  for (const [name, turn] of turns) figures[name] = await hit(url, turn, options);
  return figures;
}

/** How long the students' mixed hot reads are measured beside the wave (it lasts about that long). */
const WAVE_SECONDS = 2;

const describeRun = (run) =>
  Object.entries(run)
    .map(([name, one]) => `${name} ${Math.round(one.rps)} req/s (p99 ${one.p99} ms)`)
    .join(', ');

/**
 * Opens one stream per token, `openConcurrency` at a time; answers how many opened, the reasons
 * of those refused, the seconds it took and `close()`, which ends them all.
 */
async function openAll(url, tokens, { arrivals, bells, onEnd }) {
  // A controller per stream: fetch caps the listeners of one signal.
  const controllers = [];
  const startedAt = performance.now();
  const outcomes = await bounded(tokens, EVENT_STREAMS.openConcurrency, (token) => {
    const controller = new AbortController();
    controllers.push(controller);
    return openStream(url, token, { arrivals, bells, onEnd, signal: controller.signal }).then(
      () => null,
      (error) => error.message,
    );
  });
  const refused = outcomes.filter(Boolean);
  return {
    open: tokens.length - refused.length,
    refused,
    seconds: (performance.now() - startedAt) / SECOND,
    close: () => {
      for (const controller of controllers) controller.abort();
    },
  };
}

/**
 * Runs the scenario on a portal of its own (the scale data), adding what missed a budget to
 * `misses`; answers its figures. `runs` rounds, each: the hot reads with no stream open, the
 * 5,000 streams opened (memory before and with them), an announcement, the hot reads again with
 * the streams open, the streams closed. The medians of the rounds count, as in the stall tests,
 * so a drift of the machine's load between rounds counts neither for nor against the streams.
 */
export async function eventStreams({ scale, misses }) {
  const check = (ok, text) => {
    if (!ok) misses.push(`event streams: ${text}`);
    return ok ? 'OK' : 'MISSED';
  };
  const count = EVENT_STREAMS.streams;
  const portal = await startPortal(SCALE_DIR);
  const memory = sampleMemory(portal.pid);
  let streams = null;
  try {
    console.log(
      `\nEvent streams: ${count} students each hold GET /api/events open on one portal (fetch readers, ` +
        `${EVENT_STREAMS.openConcurrency} opening at a time); ${OPTIONS.runs} rounds`,
    );
    const sessions = await obtainSessions(portal.url, OPTIONS.students);
    const { tokens } = await mintedStudentTokens(SCALE_DIR, count);
    if (tokens.length < count) throw new Error(`the scale data has ${tokens.length} students, not ${count}`);
    const turns = new Map(
      hotReads(sessions, scale.seededOn)
        .filter((one) => EVENT_STREAMS.hotReads.includes(one.name))
        .map((one) => [one.name, rotation(one.items)]),
    );
    // Beside the wave: the students' hot reads mixed, as in the stall tests.
    const mix = new Map([['the hot reads mixed', rotation(hotMix(sessions, scale.seededOn))]]);
    const arrivals = new Map();
    const bells = new Map();
    const seen = { arrivals, bells };
    const ended = [];
    const onEnd = (error) => ended.push(error.message);
    // Unmeasured: the portal's code (and the readers') warmed up and its read cache filled, as in
    // every later round: the hot reads, and an announcement to a few streams.
    await hotRun(portal.url, turns);
    const few = tokens.slice(0, EVENT_STREAMS.openConcurrency);
    streams = await openAll(portal.url, few, { ...seen, onEnd });
    const warmUp = await announce(portal.url, sessions.moderator.jwt, seen, few.length, 0);
    streams.close();
    streams = null;
    await pause(SECOND);
    const rounds = [];
    for (let round = 1; round <= OPTIONS.runs; round += 1) {
      const quiet = await hotRun(portal.url, turns);
      await pause(SECOND);
      await memory.read();
      const beforeMb = memory.state.lastMb;
      const calm = await hotRun(portal.url, mix, { seconds: WAVE_SECONDS });
      streams = await openAll(portal.url, tokens, { ...seen, onEnd });
      await pause(2 * SECOND);
      await memory.read();
      const withMb = memory.state.lastMb;
      // The wave: the announcement reaches every stream and every tab refetches its bell, while
      // the students' hot reads go on.
      const [delivery, wave] = await Promise.all([
        announce(portal.url, sessions.moderator.jwt, seen, streams.open, round),
        hotRun(portal.url, mix, { seconds: WAVE_SECONDS }),
      ]);
      await pause(SECOND);
      const busy = await hotRun(portal.url, turns);
      streams.close();
      const { open, refused, seconds } = streams;
      streams = null;
      const waveShare = wave['the hot reads mixed'].rps / calm['the hot reads mixed'].rps;
      rounds.push({
        quiet,
        busy,
        calm,
        wave,
        waveShare,
        beforeMb,
        withMb,
        streamsMb: withMb - beforeMb,
        open,
        refused,
        seconds,
        delivery,
      });
      console.log(
        `  round ${round}: no streams: ${describeRun(quiet)}\n` +
          `    ${open} of ${count} streams opened in ${seconds.toFixed(1)} s` +
          `${refused.length ? ` (${refused.length} refused: ${[...new Set(refused)].join('; ')})` : ''}; ` +
          `portal ${mb(beforeMb)} before, ${mb(withMb)} with them open\n` +
          `    announcement to the institution: POST answered in ${ms(delivery.answeredMs)}; ` +
          `${delivery.received} of ${open} streams had it, the first after ${ms(delivery.firstMs)}, ` +
          `p50 ${ms(delivery.p50)}, p99 ${ms(delivery.p99)}, ` +
          `every stream ${ms(delivery.allMs)} (the readers' CPU meanwhile ${ms(delivery.readersCpuMs)}); ` +
          `${delivery.bells} bells refetched with it, p50 ${ms(delivery.bellP50)}, every bell ${ms(delivery.bellAllMs)}\n` +
          `    beside the wave: ${describeRun(wave)} against ${describeRun(calm)} before it (${percent(waveShare)})\n` +
          `    with the streams open: ${describeRun(busy)}`,
      );
      // The portal lets go of the closed streams before the next round's quiet run.
      await pause(2 * SECOND);
    }

    // The scale data as it was: the announcements go again (other scenarios count a bell's items).
    for (const id of [warmUp.id, ...rounds.map((one) => one.delivery.id)]) {
      await fetch(`${portal.url}/api/announcements/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${sessions.moderator.jwt}` },
      });
    }
    const refused = rounds.reduce((sum, one) => sum + one.refused.length, 0);
    const worst = Math.max(...rounds.map((one) => one.delivery.allMs));
    const worstBell = Math.max(...rounds.map((one) => one.delivery.bellAllMs));
    const waveShare = median(rounds.map((one) => one.waveShare));
    const streamsMb = Math.max(...rounds.map((one) => one.streamsMb));
    const hot = [...turns.keys()].map((name) => ({
      name,
      quietRps: median(rounds.map((one) => one.quiet[name].rps)),
      busyRps: median(rounds.map((one) => one.busy[name].rps)),
      share: median(rounds.map((one) => one.busy[name].rps / one.quiet[name].rps)),
      quietP99: median(rounds.map((one) => one.quiet[name].p99)),
      busyP99: median(rounds.map((one) => one.busy[name].p99)),
      failed: rounds.reduce((sum, one) => sum + one.quiet[name].failed + one.busy[name].failed, 0),
    }));

    console.log('Event streams, the budgets:');
    console.log(
      `  every stream opened and none ended early (${refused} refused, ${ended.length} ended early` +
        `${ended.length ? `: ${[...new Set(ended)].join('; ')}` : ''})  ` +
        `${check(refused === 0 && ended.length === 0, `${refused} streams refused, ${ended.length} ended early`)}`,
    );
    console.log(
      `  an announcement reached every one of the ${count} streams within ${ms(worst)} (worst of ${rounds.length}; ` +
        `p50 ${ms(median(rounds.map((one) => one.delivery.p50)))}, ` +
        `p99 ${ms(median(rounds.map((one) => one.delivery.p99)))}, medians)  ` +
        `${check(worst < BUDGETS.eventDeliveryMs, `an announcement reached every stream only after ${ms(worst)}`)}`,
    );
    console.log(
      `  every tab's bell held it within ${ms(worstBell)} (worst of ${rounds.length}, each refetched at a random ` +
        `moment within ${REFETCH_SPREAD_MS} ms)  ` +
        `${check(worstBell < BUDGETS.eventDeliveryMs, `an announcement reached every bell only after ${ms(worstBell)}`)}`,
    );
    console.log(
      `  the students' hot reads beside the wave kept ${percent(waveShare)} of their throughput (median of the rounds)  ` +
        `${check(waveShare >= BUDGETS.stallShare, `the hot reads kept ${percent(waveShare)} during the wave`)}`,
    );
    console.log(
      `  the streams' memory: ${mb(streamsMb)} at most (${rounds.map((one) => mb(one.streamsMb)).join(', ')}; ` +
        `peak of the portal ${mb(memory.state.peakMb)})  ` +
        `${check(streamsMb < BUDGETS.eventStreamsMb, `the streams took ${mb(streamsMb)}`)}`,
    );
    for (const one of hot) {
      console.log(
        `  ${one.name}: ${Math.round(one.quietRps)} -> ${Math.round(one.busyRps)} req/s with the streams open, ` +
          `kept ${percent(one.share)} (median of the rounds), p99 ${one.quietP99} -> ${one.busyP99} ms` +
          `${one.failed ? `, ${one.failed} failed` : ''}  ` +
          `${check(one.share >= BUDGETS.hotShareWithStreams && one.failed === 0, `${one.name} kept ${percent(one.share)} with the streams open`)}`,
      );
    }
    return {
      streams: count,
      refused,
      endedEarly: ended.length,
      worstDeliveryMs: worst,
      worstBellMs: worstBell,
      waveShare,
      streamsMb,
      peakMb: memory.state.peakMb,
      hot,
      rounds,
    };
  } finally {
    streams?.close();
    memory.stop();
    await portal.stop();
  }
}

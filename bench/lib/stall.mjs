// Heavy work beside the students' load: a moderator rendering PDFs back to back, sign-ins arriving
// at a steady rate, a moderator reloading the doubts page. Each runs until stopped and reports
// what it did.

/** Requests one after another (one person clicking again as soon as the last answer came). */
export function backToBack(url, path, headers) {
  let running = true;
  const stats = { done: 0, failed: 0, milliseconds: [] };
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { headers }).catch(() => null);
      if (response) await response.arrayBuffer();
      if (response?.ok) stats.done += 1;
      else stats.failed += 1;
      stats.milliseconds.push(performance.now() - started);
    }
  })();
  return {
    stats,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/**
 * `perSecond` requests a second from `turn` (a rotation), whether or not earlier ones have
 * answered. A 503 is tried again after its Retry-After, stretched at random as the sign-in screen
 * does, so a request counts as failed only when its last answer is not a success; its time runs
 * from its first try to its last answer. `peakInFlight`: the most sent and not yet answered at once
 * (the portal's queue and the ones it is serving).
 */
export function steadyRate(url, turn, perSecond) {
  const stats = { done: 0, failed: 0, busy: 0, peakInFlight: 0, milliseconds: [] };
  const pending = new Set();
  const send = async (item) => {
    for (;;) {
      const response = await fetch(`${url}${item.path}`, {
        method: item.method,
        headers: item.headers,
        body: item.body,
      });
      await response.arrayBuffer();
      if (response.status !== 503) return response.ok;
      stats.busy += 1;
      const retryAfter = Number(response.headers.get('retry-after') ?? 2);
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * (1 + Math.random() / 2)));
    }
  };
  const fire = () => {
    const item = turn.take();
    const started = performance.now();
    const request = send(item)
      .then((ok) => {
        if (ok) stats.done += 1;
        else stats.failed += 1;
      })
      .catch(() => {
        stats.failed += 1;
      })
      .finally(() => {
        stats.milliseconds.push(performance.now() - started);
        pending.delete(request);
      });
    pending.add(request);
    stats.peakInFlight = Math.max(stats.peakInFlight, pending.size);
  };
  const timer = setInterval(fire, 1000 / perSecond);
  return {
    stats,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
    },
  };
}

// Load with autocannon, every request taking the NEXT item of a rotation shared by all
// connections (so consecutive requests come from different students and the same student asks
// the same thing again only after the whole rotation), measured `runs` times against the bare
// route and the portal in turn; medians count.
import autocannon from 'autocannon';
import { OPTIONS } from './options.mjs';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A shared cursor over `items` ({ method, path, headers, body }); it keeps its place across runs. */
export function rotation(items) {
  let next = 0;
  return {
    items,
    take: () => items[next++ % items.length],
  };
}

/** One autocannon run; answers req/s, p50/p99 in ms and failed answers. */
export function hit(url, turn, { connections = OPTIONS.connections, seconds = OPTIONS.seconds } = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, ...turn.take() }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        // No answer within the run: its latency is at least the run's length, and it counts as failed.
        const answered = result.latency.totalCount > 0;
        resolve({
          rps: result.requests.average,
          p50: answered ? result.latency.p50 : seconds * 1000,
          p99: answered ? result.latency.p99 : seconds * 1000,
          failed: result.non2xx + result.errors + result.timeouts + (answered ? 0 : 1),
        });
      },
    );
  });
}

/** The bare route's twin of a portal request: same method, headers and body, path /bare. */
export const bareTwin = (item) => ({ ...item, path: '/bare' });

/**
 * `runs` pairs of (bare, portal) runs of one scenario after a one-second warm-up of the portal;
 * answers the medians and each run's figures.
 */
export async function measure(servers, items, options = {}) {
  const portalTurn = rotation(items);
  const bareTurn = rotation(items.map(bareTwin));
  await hit(servers.portal.url, portalTurn, { ...options, seconds: 1 });
  const runs = [];
  for (let run = 0; run < OPTIONS.runs; run += 1) {
    const bare = options.withoutBare ? null : await hit(servers.bare.url, bareTurn, options);
    const portal = await hit(servers.portal.url, portalTurn, options);
    runs.push({ bare, portal });
  }
  return summarise(runs);
}

export function summarise(runs) {
  const of = (pick) => median(runs.map(pick));
  const withBare = runs.every((run) => run.bare);
  return {
    rps: of((run) => run.portal.rps),
    p50: of((run) => run.portal.p50),
    p99: of((run) => run.portal.p99),
    failed: runs.reduce((sum, run) => sum + run.portal.failed, 0),
    bareRps: withBare ? of((run) => run.bare.rps) : null,
    share: withBare ? of((run) => run.portal.rps / run.bare.rps) : null,
    runs,
  };
}

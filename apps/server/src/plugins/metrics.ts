import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';
import client from 'prom-client';
import { notFound } from '../lib/app-error.js';
import { backgroundPoolStats } from '../lib/background-pool.js';
import { readCacheCounts } from '../lib/read-cache.js';

/** What the plugin reads besides the app's own decorations. */
export interface MetricsSources {
  /** Event streams open on this instance. */
  streams(): number;
  /** Background jobs of the portal's own (institution exports) by state, on this instance. */
  jobs?(): Record<string, number>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `GET /metrics` in Prometheus's text format (decision 42): off unless `METRICS=on` or an address
 * list. Off, nothing is measured either: no hook, no registry. Every figure is this instance's;
 * Prometheus scrapes each instance and sums. Route labels are the route's pattern
 * (`/api/doubts/:id`), never the URL, so no id, token or search text becomes a label, and unknown
 * paths share one label.
 */
export const metricsPlugin = fp(
  async (app, options: { setting: 'off' | 'on' | string[]; sources: MetricsSources }) => {
    if (options.setting === 'off') return;
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix: 'portal_' });
    const registers = [registry];

    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new client.Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers,
    });
    const duration = new client.Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route pattern and status',
      labelNames,
      buckets: SECONDS,
      registers,
    });
    app.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    const { deps } = app;
    const gauge = (
      name: string,
      help: string,
      collect: (set: (value: number, labels?: object) => void) => void,
      labels: string[] = [],
    ) =>
      new client.Gauge({
        name,
        help,
        labelNames: labels,
        registers,
        collect() {
          this.reset();
          collect((value, labelValues) =>
            labelValues ? this.set(labelValues as never, value) : this.set(value),
          );
        },
      });
    const total = (name: string, help: string, read: () => number) =>
      new client.Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });

    gauge('portal_event_streams_open', 'Event streams (GET /api/events) open on this instance', (set) =>
      set(options.sources.streams()),
    );
    total(
      'portal_read_cache_hits_total',
      'Reads answered from the read cache',
      () => readCacheCounts(deps.db).hits,
    );
    total(
      'portal_read_cache_misses_total',
      'Reads the read cache had to load',
      () => readCacheCounts(deps.db).misses,
    );
    const pools = () => [
      ['primary', deps.pool] as const,
      ...(deps.readDb ? [['replica', deps.readDb.$client] as const] : []),
    ];
    gauge(
      'portal_db_pool_connections',
      'Database connections of this instance, by pool and state (in_use, idle, waiting: queries waiting for a connection)',
      (set) => {
        for (const [pool, handle] of pools()) {
          set(handle.totalCount - handle.idleCount, { pool, state: 'in_use' });
          set(handle.idleCount, { pool, state: 'idle' });
          set(handle.waitingCount, { pool, state: 'waiting' });
        }
      },
      ['pool', 'state'],
    );
    gauge(
      'portal_sign_in_queue',
      'Sign-ins being verified (active) and waiting their turn (waiting)',
      (set) => {
        set(app.signInQueue.active(), { state: 'active' });
        set(app.signInQueue.waiting(), { state: 'waiting' });
      },
      ['state'],
    );
    gauge(
      'portal_background_tasks',
      'Worker-thread tasks (PDFs, password hashing) running threads and queued tasks, by pool',
      (set) => {
        for (const stats of backgroundPoolStats()) {
          set(stats.threads, { pool: stats.name, state: 'threads' });
          set(stats.queued, { pool: stats.name, state: 'queued' });
        }
      },
      ['pool', 'state'],
    );
    gauge(
      'portal_jobs',
      'Background jobs (institution exports) on this instance, by state',
      (set) => {
        for (const [state, count] of Object.entries(options.sources.jobs?.() ?? {})) set(count, { state });
      },
      ['state'],
    );

    const allowed = options.setting === 'on' ? () => true : proxyAddr.compile(options.setting);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request.ip, 0)) throw notFound();
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);

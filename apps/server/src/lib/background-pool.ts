import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';

/**
 * The portal starts with heap flags sized for the thread that answers requests (package.json's
 * `start`: 320 MB of old space, 32 MB semi-spaces). V8 applies command-line heap flags to every
 * isolate it creates, worker threads included, and lets them override a Worker's `resourceLimits`:
 * a PDF thread drawing a whole school's report then kept 140 MB of heap and 64 MB of young space
 * beside the request thread's. The request thread's heap is sized once, when it starts; clearing
 * the flags afterwards (0: unset) leaves it as it is and gives each worker thread the limits of
 * its pool instead.
 */
setFlagsFromString('--max-old-space-size=0');
setFlagsFromString('--max-semi-space-size=0');

/** A pool's worker-thread heap: old generation and young generation, in MB. */
export interface WorkerHeap {
  oldMb: number;
  youngMb: number;
}

/**
 * A lazily started pool of worker threads for CPU-heavy work (PDF layout, password hashing), so
 * the thread that answers everyone else never waits for it. At most half the cores (one on a
 * two-core server); threads start on the first task and end after a minute without work. A
 * positive `nice` lowers the threads' CPU priority: on a busy machine the students' reads come
 * first and the heavy work takes longer rather than stalling them.
 */
/** Each pool's work, for /metrics: threads running, tasks waiting and tasks done. */
const statsByPool = new Map<string, () => { threads: number; queued: number; completed: number }>();

export function backgroundPoolStats() {
  return [...statsByPool].map(([name, stats]) => ({ name, ...stats() }));
}

export function backgroundPool(workerName: string, nice: number, heap: WorkerHeap) {
  const fromSources = import.meta.url.endsWith('.ts');
  // Built: dist/<name>.js beside dist/main.js (build.mjs). From the sources (tests, tsx): the
  // TypeScript file, loaded through tsx in the worker.
  const filename = new URL(`./${workerName}.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  let pool: Piscina | undefined;
  let completedBefore = 0;
  statsByPool.set(workerName, () => ({
    threads: pool?.threads.length ?? 0,
    queued: pool?.queueSize ?? 0,
    completed: completedBefore + (pool?.completed ?? 0),
  }));
  return {
    run<Result>(task: unknown): Promise<Result> {
      pool ??= new Piscina({
        filename,
        minThreads: 0,
        maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
        idleTimeout: 60_000,
        // One task per thread at a time: a PDF's texts are in its thread's language (pdf.worker.ts).
        concurrentTasksPerWorker: 1,
        niceIncrement: nice,
        resourceLimits: { maxOldGenerationSizeMb: heap.oldMb, maxYoungGenerationSizeMb: heap.youngMb },
        execArgv: fromSources ? ['--import', 'tsx'] : [],
      });
      return pool.run(task);
    },
    /** Ends the worker threads (the server's close; scripts when done). */
    async close(): Promise<void> {
      const closing = pool;
      completedBefore += closing?.completed ?? 0;
      pool = undefined;
      await closing?.destroy();
    },
  };
}

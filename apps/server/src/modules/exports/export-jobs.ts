import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { institutionExports } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { upToDateReplica } from '../../lib/replica.js';
import { EXPORT_FILES } from './export-files.js';
import { writeExportZip } from './export-zip.js';

type ExportRow = typeof institutionExports.$inferSelect;

/** A running job's heartbeat; one silent for `STALE_MS` (its instance died) is taken over. */
const STALE_MS = 2 * 60_000;
/** How often an instance looks for work it was not told of (another's queued or stale job). */
const POLL_MS = 30_000;
/** Finished exports kept per institution; older files are removed. */
const KEPT = 3;

export const exportKey = (row: Pick<ExportRow, 'institutionId' | 'id'>) =>
  `${row.institutionId}/exports/${row.id}.zip`;

export interface ExportRunner {
  /** Look for work now (after a request). */
  kick(): void;
  start(): void;
  stop(): void;
  /** This instance's jobs, for /metrics. */
  stats(): Record<string, number>;
}

/**
 * Builds queued institution exports one at a time on this instance. Any instance may take a job:
 * it is claimed with `for update skip locked`, so two never build the same one, and a job whose
 * instance stopped (no heartbeat for two minutes) is taken over. The reads run on the replica when
 * there is one, in one repeatable-read snapshot; the zip is written to a temporary file and then
 * stored (local files or S3), where every instance can serve it.
 */
export function createExportRunner(deps: AppDeps, warn: (message: string) => void): ExportRunner {
  let working = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const counts = { done: 0, failed: 0 };

  async function claim(): Promise<ExportRow | null> {
    const now = deps.clock.now();
    const stale = new Date(now.getTime() - STALE_MS);
    const [row] = await deps.db
      .update(institutionExports)
      .set({ status: 'running', startedAt: now, heartbeatAt: now, stepsDone: 0, rowsWritten: 0 })
      .where(
        eq(
          institutionExports.id,
          sql`(select id from ${institutionExports}
            where status = 'queued' or (status = 'running' and heartbeat_at < ${stale})
            order by created_at limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return row ?? null;
  }

  async function build(job: ExportRow) {
    const file = path.join(os.tmpdir(), `portal-export-${job.id}.zip`);
    const reader = await upToDateReplica(deps);
    const client = await reader.$client.connect();
    let rows = 0;
    let done = 0;
    try {
      await client.query('begin isolation level repeatable read read only');
      await writeExportZip({
        client,
        files: EXPORT_FILES,
        params: [job.institutionId, deps.clock.now()],
        file,
        manifest: {
          format: 'learning-portal-institution-export',
          institution_id: job.institutionId,
          created_at: deps.clock.now().toISOString(),
          notes:
            'One CSV per kind of record, with ids to join them. Instants are ISO 8601 in UTC, days YYYY-MM-DD in the institution’s time zone. A cell a spreadsheet would run as a formula starts with a quote. No password or secret is included.',
        },
        onFile: async (written) => {
          done += 1;
          rows += written.rows;
          await deps.db
            .update(institutionExports)
            .set({ stepsDone: done, rowsWritten: rows, heartbeatAt: deps.clock.now() })
            .where(and(eq(institutionExports.id, job.id), eq(institutionExports.status, 'running')));
        },
      });
      await client.query('commit');
    } finally {
      client.release();
    }
    const { size } = await fs.stat(file);
    await deps.storage.save(exportKey(job), createReadStream(file), 'application/zip');
    await fs.rm(file, { force: true });
    await deps.db
      .update(institutionExports)
      .set({ status: 'done', fileKey: exportKey(job), size, finishedAt: deps.clock.now() })
      .where(eq(institutionExports.id, job.id));
    await removeOld(job.institutionId);
  }

  /** Keeps the institution's latest finished exports; removes the files and rows of older ones. */
  async function removeOld(institutionId: string) {
    const finished = await deps.db
      .select({ id: institutionExports.id, fileKey: institutionExports.fileKey })
      .from(institutionExports)
      .where(
        and(
          eq(institutionExports.institutionId, institutionId),
          inArray(institutionExports.status, ['done', 'failed']),
        ),
      )
      .orderBy(desc(institutionExports.createdAt))
      .offset(KEPT);
    for (const old of finished) if (old.fileKey) await deps.storage.remove(old.fileKey).catch(() => {});
    if (finished.length > 0) {
      await deps.db.delete(institutionExports).where(
        inArray(
          institutionExports.id,
          finished.map((old) => old.id),
        ),
      );
    }
  }

  async function work() {
    if (working || stopped) return;
    working = true;
    try {
      for (let job = await claim(); job && !stopped; job = await claim()) {
        try {
          await build(job);
          counts.done += 1;
        } catch (error) {
          counts.failed += 1;
          const message = error instanceof Error ? error.message : String(error);
          warn(`institution export ${job.id} failed: ${message}`);
          await deps.db
            .update(institutionExports)
            .set({ status: 'failed', error: message.slice(0, 500), finishedAt: deps.clock.now() })
            .where(eq(institutionExports.id, job.id))
            .catch(() => {});
        }
      }
    } catch (error) {
      warn(`institution exports: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      working = false;
    }
  }

  return {
    kick: () => void work(),
    start() {
      timer = setInterval(() => void work(), POLL_MS);
      timer.unref();
      void work();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    stats: () => ({ running: working ? 1 : 0, done: counts.done, failed: counts.failed }),
  };
}

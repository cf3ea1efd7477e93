import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { queryPrepared } from '../../lib/prepared.js';

/** One student's minutes on one piece of content on one day, not yet written. */
export interface PendingMinutes {
  institutionId: string;
  studentId: string;
  contentType: string;
  contentId: string;
  batchSubjectId: string;
  day: string;
  minutes: number;
  at: Date;
}

/** How often the added-up heartbeats are written. */
export const FLUSH_INTERVAL_MS = 1000;
/** The prepared statement of the buffer's write. */
export const FLUSH_STATEMENT = 'flush_time_spent';
/** Entries kept while the database is unreachable, so a long outage cannot exhaust memory. */
const MAX_PENDING = 100_000;

/**
 * Time-spent heartbeats, added up in memory and written once a second in one statement. Every
 * reading student sends one every half minute, and writing each as it comes costs a round trip and
 * a row lock per heartbeat; added up, a second of heartbeats is one upsert. A crash loses at most
 * that second; closing the app writes what is pending.
 */
export class TimeSpentBuffer {
  private pending = new Map<string, PendingMinutes>();
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly deps: AppDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  add(entry: PendingMinutes): void {
    const key = `${entry.studentId}|${entry.contentType}|${entry.contentId}|${entry.day}`;
    const known = this.pending.get(key);
    if (known) {
      known.minutes += entry.minutes;
      known.at = entry.at;
      known.batchSubjectId = entry.batchSubjectId;
    } else if (this.pending.size < MAX_PENDING) {
      this.pending.set(key, { ...entry });
    }
  }

  /** Writes everything added so far; concurrent calls write one after another. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await queryPrepared(
        this.deps.pool,
        FLUSH_STATEMENT,
        `insert into time_spent
           (institution_id, student_id, content_type, content_id, batch_subject_id, day, minutes, updated_at)
         select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::date[],
                              $7::float8[], $8::timestamptz[])
         on conflict (day, student_id, content_type, content_id) do update set
           minutes = time_spent.minutes + excluded.minutes,
           batch_subject_id = excluded.batch_subject_id,
           updated_at = greatest(time_spent.updated_at, excluded.updated_at)`,
        [
          batch.map((entry) => entry.institutionId),
          batch.map((entry) => entry.studentId),
          batch.map((entry) => entry.contentType),
          batch.map((entry) => entry.contentId),
          batch.map((entry) => entry.batchSubjectId),
          batch.map((entry) => entry.day),
          batch.map((entry) => entry.minutes),
          batch.map((entry) => entry.at),
        ],
      );
    } catch (error) {
      // Kept for the next attempt: the minutes are added to whatever arrived meanwhile.
      for (const entry of batch) this.add(entry);
      this.log.warn({ err: error }, 'time spent could not be written; retrying');
    }
  }
}

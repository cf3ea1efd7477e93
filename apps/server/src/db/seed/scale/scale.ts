import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dayIn } from '@portal/shared';
import { hashPassword } from '../../../lib/passwords.js';
import { type Storage, storageKeyFor } from '../../../lib/storage.js';
import type { Database } from '../../client.js';
import { currentAcademicYear, mediaDirectory } from '../demo.js';
import { defineViews, seedDoubts, seedNotes, seedViews } from './scale-activity.js';
import { seedAnnouncements } from './scale-announcements.js';
import { seedAssessments } from './scale-assessments.js';
import { seedCurriculum } from './scale-curriculum.js';
import { seedEvents } from './scale-events.js';
import { seedInstitution, seedPeople } from './scale-people.js';
import { seedSessions } from './scale-sessions.js';
import {
  SCALE_PASSWORD,
  SCALE_TIME_ZONE,
  SCHOOL_SCALE,
  type ScaleSize,
  scaleShape,
  scaleUsernames,
} from './scale-size.js';
import { loadInBulk, type ScaleContext } from './scale-sql.js';

/** One kind of rows: a few set-based statements (INSERT … SELECT … generate_series). */
export interface ScaleStep {
  name: string;
  run(context: ScaleContext): Promise<void>;
}

/**
 * The scale institution, step by step. Rows of one step find another's by the shared numbering
 * (scale-curriculum.ts) and `id` (scale-sql.ts), never by reading rows back.
 *
 * Features that add tables add their rows as steps here, on the same numbering.
 */
export const SCALE_STEPS: ScaleStep[] = [
  { name: 'institution and batches', run: seedInstitution },
  { name: 'accounts, faculty and students', run: seedPeople },
  { name: 'subjects, teachers, enrolments, chapters, topics, study plans', run: seedCurriculum },
  { name: 'impressions and time spent', run: seedViews },
  { name: 'doubts and replies', run: seedDoubts },
  { name: 'notes', run: seedNotes },
  { name: 'assessments, sittings and self assessments', run: seedAssessments },
  { name: 'live sessions, selections, attendance and time in the room', run: seedSessions },
  { name: 'announcements and the bell marks', run: seedAnnouncements },
  { name: 'live-update events of the last three days', run: seedEvents },
];

/** The tables with tens of thousands of rows or more, loaded with their checks set aside (`loadInBulk`). */
export const BULK_TABLES = [
  'batch_subject_students',
  'study_plans',
  'impressions',
  'time_spent',
  'doubts',
  'doubt_responses',
  'notes',
  'exam_attempts',
  'exam_answers',
  'self_assessment_results',
  'online_session_attendance',
];

export interface SeedScaleOptions {
  /** The seed's "now": activity runs up to yesterday, plans up to today. */
  now?: Date;
  size?: ScaleSize;
  /** Told after each step, with its time. */
  onStep?: (name: string, milliseconds: number) => void;
}

export class ScaleAlreadySeeded extends Error {
  constructor() {
    super(`the database already has the scale institution (${scaleUsernames.moderator} exists)`);
  }
}

const MEDIA = { image: 'pythagoras.png', audio: 'physics-motion.mp3', video: 'pendulum.mp4' } as const;

/** Copies one demo file per content type into storage, recorded in `uploads` like any upload. */
async function storeMedia(storage: Storage, institutionId: string) {
  const stored = await Promise.all(
    Object.entries(MEDIA).map(async ([type, filename]) => {
      const body = await fs.readFile(path.join(mediaDirectory(), filename));
      const { key, contentType } = storageKeyFor(`${institutionId}/scale`, filename);
      await storage.save(key, body, contentType);
      return { type, key, url: storage.publicUrl(key), filename, contentType, size: body.length };
    }),
  );
  return stored;
}

function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The school-scale institution of decision 35 (`size`, SCHOOL_SCALE by default) in its own
 * institution, beside whatever the database holds (an empty one, or the demo institution), in one
 * transaction. Activity is spread from the start of the academic year (June; at least 60 days
 * back) up to yesterday in the institution's zone. Every account signs in with SCALE_PASSWORD,
 * hashed once with the portal's own hash.
 */
export async function seedScale(
  db: Database,
  storage: Storage,
  options: SeedScaleOptions = {},
): Promise<{ institutionId: string }> {
  const now = options.now ?? new Date();
  const size = options.size ?? SCHOOL_SCALE;
  const shape = scaleShape(size);
  const existing = await db.$client.query('select 1 from users where lower(username) = $1', [
    scaleUsernames.moderator,
  ]);
  if (existing.rowCount) throw new ScaleAlreadySeeded();

  const institutionId = randomUUID();
  const academicYear = currentAcademicYear(now);
  const today = dayIn(SCALE_TIME_ZONE, now);
  const yearStart = `${academicYear.slice(0, 4)}-06-01`;
  const openedOn = daysBetween(yearStart, today) >= 60 ? yearStart : addDays(today, -60);
  const [passwordHash, media] = await Promise.all([
    hashPassword(SCALE_PASSWORD),
    storeMedia(storage, institutionId),
  ]);
  const urlOf = (type: string) => media.find((file) => file.type === type)!.url;

  const client = await db.$client.connect();
  const context: ScaleContext = {
    client,
    size,
    shape,
    institutionId,
    academicYear,
    timeZone: SCALE_TIME_ZONE,
    today,
    openedOn,
    activityDays: daysBetween(openedOn, today),
    now,
    passwordHash,
    media: { image: urlOf('image'), audio: urlOf('audio'), video: urlOf('video') },
  };
  try {
    await client.query('begin');
    await defineViews(context);
    const { restoreMilliseconds } = await loadInBulk(client, BULK_TABLES, async () => {
      for (const step of SCALE_STEPS) {
        const started = performance.now();
        await step.run(context);
        options.onStep?.(step.name, performance.now() - started);
      }
    });
    options.onStep?.('indexes and foreign keys (every row checked)', restoreMilliseconds);
    await client.query(
      `insert into uploads (institution_id, uploaded_by, storage_key, public_url, filename, content_type, size)
       select $1, (select id from users where username = $2), key, url, filename, content_type, size
       from jsonb_to_recordset($3::jsonb) as file(key text, url text, filename text, content_type text, size int)`,
      [
        institutionId,
        scaleUsernames.moderator,
        JSON.stringify(media.map((file) => ({ ...file, content_type: file.contentType }))),
      ],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  // Fresh statistics, so the first queries are planned for a million rows, not an empty table;
  // and the visibility map set, so per-student lookups are index-only scans from the start (as
  // they are on a database that autovacuum has kept).
  const started = performance.now();
  await db.$client.query('vacuum (analyze)');
  options.onStep?.('visibility map and statistics (vacuum, analyze)', performance.now() - started);
  return { institutionId };
}

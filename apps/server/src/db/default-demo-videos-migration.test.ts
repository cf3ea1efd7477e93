import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { institutions } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 0005_default_demo_videos', () => {
  it('drops the seeded pendulum placeholder and keeps videos an owner set', async () => {
    const pendulum = '/files/3f0c2a4e-0000-4000-8000-000000000001/demo/0a1b2c3d4e5f60718293a4b5-pendulum.mp4';
    const seeded = await t.createInstitution({
      demoVideos: { student: pendulum, faculty: pendulum, moderator: pendulum },
    });
    const chosen = await t.createInstitution({
      demoVideos: { student: '/files/portal/aa-students.webm', faculty: pendulum },
    });
    const file = path.join(import.meta.dirname, 'migrations/0005_default_demo_videos.sql');
    await t.db.execute(sql.raw(await fs.readFile(file, 'utf8')));

    const rows = await t.db
      .select({ id: institutions.id, demoVideos: institutions.demoVideos })
      .from(institutions)
      .where(inArray(institutions.id, [seeded.id, chosen.id]));
    const videosOf = (id: string) => rows.find((row) => row.id === id)?.demoVideos;
    expect(videosOf(seeded.id)).toEqual({});
    expect(videosOf(chosen.id)).toEqual({ student: '/files/portal/aa-students.webm', faculty: pendulum });
  });
});

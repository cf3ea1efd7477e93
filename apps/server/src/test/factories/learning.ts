import { impressions, onlineSessions } from '../../db/schema/index.js';
import { forgetInstitutionReads } from '../../lib/read-cache.js';
import type { TestApp } from '../harness.js';
import { createTaughtSubject } from './doubts.js';
import { createSubject } from './subjects.js';

type School = Awaited<ReturnType<TestApp['createSchool']>>;

/**
 * A subject taught to the school's batch by its faculty member, with one visible chapter and
 * topic: what a student of that batch reads.
 */
export async function createReadableTopic(t: TestApp, school: School) {
  const subject = await createSubject(t, school.institution.id);
  const taught = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    subjectId: subject.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
  return { subject, batchSubject: taught.batchSubject, chapter: taught.chapter, topic: taught.topics[0]! };
}

/** A recorded view of a topic by a student on `viewDate`. */
export async function createImpression(
  t: TestApp,
  values: {
    institutionId: string;
    studentId: string;
    topicId: string;
    batchSubjectId: string;
    viewDate: string;
  },
) {
  const at = new Date(`${values.viewDate}T10:00:00Z`);
  await t.db.insert(impressions).values({ ...values, firstViewedAt: at, lastViewedAt: at });
}

/** A live session of a batch subject, an hour long from `startTime`. */
export async function createOnlineSession(
  t: TestApp,
  values: { institutionId: string; batchId: string; batchSubjectId: string; isCustom?: boolean },
  startTime = new Date('2026-11-20T10:00:00Z'),
) {
  const [row] = await t.db
    .insert(onlineSessions)
    .values({
      ...values,
      title: t.unique('Session '),
      startTime,
      endTime: new Date(startTime.getTime() + 3_600_000),
    })
    .returning();
  // Written as the API would write it: the institution's kept reads go.
  forgetInstitutionReads(t.db, values.institutionId);
  return row!;
}

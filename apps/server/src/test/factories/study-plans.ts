import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import {
  batchSubjectFaculties,
  batchSubjects,
  chapters,
  studyPlans,
  subjects,
  topics,
} from '../../db/schema/index.js';

const tag = () => randomBytes(3).toString('hex');

/**
 * A subject taught to `batchId`, with one chapter of `topicCount` topics: what a study plan is
 * made of. `facultyId` is assigned to the batch subject when given.
 */
export async function createPlannableSubject(
  db: Database,
  options: {
    institutionId: string;
    batchId: string;
    topicCount?: number;
    facultyId?: string;
    chapterVisible?: boolean;
  },
) {
  const { institutionId, batchId } = options;
  const [subject] = await db
    .insert(subjects)
    .values({ institutionId, title: `Subject ${tag()}`, code: `S-${tag()}`, logo: 'maths' })
    .returning();
  const [batchSubject] = await db
    .insert(batchSubjects)
    .values({ institutionId, batchId, subjectId: subject!.id })
    .returning();
  const [chapter] = await db
    .insert(chapters)
    .values({
      institutionId,
      subjectId: subject!.id,
      title: `Chapter ${tag()}`,
      visibility: options.chapterVisible ?? true,
    })
    .returning();
  const topicRows = await db
    .insert(topics)
    .values(
      Array.from({ length: options.topicCount ?? 2 }, (_, index) => ({
        institutionId,
        chapterId: chapter!.id,
        title: `Topic ${index + 1} ${tag()}`,
        type: 'image' as const,
        contentUri: '/files/demo/topic.png',
        // Distinct creation times keep the list order stable.
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    )
    .returning();
  if (options.facultyId) {
    await db
      .insert(batchSubjectFaculties)
      .values({ batchSubjectId: batchSubject!.id, facultyId: options.facultyId });
  }
  return { subject: subject!, batchSubject: batchSubject!, chapter: chapter!, topics: topicRows };
}

/** A plan entry written directly (tests of reads). */
export async function createPlanEntry(
  db: Database,
  values: { institutionId: string; batchSubjectId: string; topicId: string; date: string },
) {
  const [row] = await db.insert(studyPlans).values(values).returning();
  return row!;
}

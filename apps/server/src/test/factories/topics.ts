import type { TiptapDoc } from '@portal/shared';
import { batchSubjectFaculties, batchSubjects, chapters, subjects, topics } from '../../db/schema/index.js';
import type { TestApp } from '../harness.js';

/** A one-paragraph Tiptap document. */
export const doc = (text: string): TiptapDoc => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** Content rows for topic tests: a subject taught to a batch, with a chapter. */
export function contentFactory(t: TestApp) {
  async function createSubject(institutionId: string, title = t.unique('Subject ')) {
    const [row] = await t.db
      .insert(subjects)
      .values({ institutionId, title, code: t.unique('S') })
      .returning();
    return row!;
  }

  async function createBatchSubject(institutionId: string, batchId: string, subjectId: string) {
    const [row] = await t.db.insert(batchSubjects).values({ institutionId, batchId, subjectId }).returning();
    return row!;
  }

  async function assignFaculty(batchSubjectId: string, facultyId: string) {
    await t.db.insert(batchSubjectFaculties).values({ batchSubjectId, facultyId });
  }

  async function createChapter(
    institutionId: string,
    subjectId: string,
    overrides: Partial<typeof chapters.$inferInsert> = {},
  ) {
    const [row] = await t.db
      .insert(chapters)
      .values({ institutionId, subjectId, title: t.unique('Chapter '), ...overrides })
      .returning();
    return row!;
  }

  async function createTopic(
    institutionId: string,
    chapterId: string,
    overrides: Partial<typeof topics.$inferInsert> = {},
  ) {
    t.clock.advance(1000);
    const [row] = await t.db
      .insert(topics)
      .values({
        institutionId,
        chapterId,
        title: t.unique('Topic '),
        type: 'image',
        contentUri: '/files/x/picture.png',
        wysiwygState: doc('About it'),
        descriptionText: 'About it',
        createdAt: t.clock.now(),
        ...overrides,
      })
      .returning();
    return row!;
  }

  return { createSubject, createBatchSubject, assignFaculty, createChapter, createTopic };
}

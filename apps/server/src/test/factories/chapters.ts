import { chapters, topics } from '../../db/schema/index.js';
import type { TestApp } from '../harness.js';

export async function createChapter(
  t: TestApp,
  institutionId: string,
  subjectId: string,
  overrides: Partial<typeof chapters.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(chapters)
    .values({ institutionId, subjectId, title: t.unique('Chapter '), description: 'About it', ...overrides })
    .returning();
  return row!;
}

/** A bare topic row, for counts; the topics module has the full factory. */
export async function createTopicRow(
  t: TestApp,
  institutionId: string,
  chapterId: string,
  overrides: Partial<typeof topics.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(topics)
    .values({
      institutionId,
      chapterId,
      title: t.unique('Topic '),
      type: 'image',
      contentUri: '/files/x.png',
      ...overrides,
    })
    .returning();
  return row!;
}

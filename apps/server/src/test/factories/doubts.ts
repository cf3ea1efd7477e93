import type { Role } from '@portal/shared';
import { doubtResponses, doubts, notes } from '../../db/schema/index.js';
import type { TestApp } from '../harness.js';
import { createChapter, createTopicRow } from './chapters.js';
import { createBatchSubject } from './subjects.js';

/** A topic to create: its title and the plain text of its description (what search reads). */
export interface TopicSpec {
  title?: string;
  text?: string;
  visibility?: boolean;
}

/**
 * A subject taught to `batchId` (optionally by `facultyIds`), with one chapter holding the given
 * topics, in creation order.
 */
export async function createTaughtSubject(
  t: TestApp,
  options: {
    institutionId: string;
    batchId: string;
    facultyIds?: string[];
    subjectId?: string;
    chapterVisible?: boolean;
    topics?: TopicSpec[];
  },
) {
  const { institutionId } = options;
  const batchSubject = await createBatchSubject(t, institutionId, options.batchId, {
    subjectId: options.subjectId,
    facultyIds: options.facultyIds,
  });
  const chapter = await createChapter(t, institutionId, batchSubject.subjectId, {
    visibility: options.chapterVisible ?? true,
  });
  const topicRows = [];
  for (const [index, spec] of (options.topics ?? [{}]).entries()) {
    topicRows.push(
      await createTopicRow(t, institutionId, chapter.id, {
        ...(spec.title ? { title: spec.title } : {}),
        descriptionText: spec.text ?? '',
        visibility: spec.visibility ?? true,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      }),
    );
  }
  return { batchSubject, subjectId: batchSubject.subjectId, chapter, topics: topicRows };
}

/** A doubt written directly; each gets a later time than the last, so lists have a fixed order. */
export async function createDoubtRow(
  t: TestApp,
  values: {
    institutionId: string;
    studentId: string;
    topicId: string;
    batchSubjectId: string;
    doubtText?: string;
  },
) {
  t.clock.advance(1000);
  const [row] = await t.db
    .insert(doubts)
    .values({
      ...values,
      doubtText: values.doubtText ?? t.unique('Why does it work? '),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning();
  return row!;
}

/** A reply written directly, by an account of `authorRole`. */
export async function createResponseRow(
  t: TestApp,
  values: {
    institutionId: string;
    doubtId: string;
    authorUserId: string;
    authorRole: Role;
    authorName: string;
    responseText?: string;
  },
) {
  t.clock.advance(1000);
  const [row] = await t.db
    .insert(doubtResponses)
    .values({
      ...values,
      responseText: values.responseText ?? t.unique('Because of this. '),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning();
  return row!;
}

/** A student's note written directly. */
export async function createNoteRow(
  t: TestApp,
  values: {
    institutionId: string;
    studentId: string;
    topicId: string;
    batchSubjectId: string;
    noteText: string;
  },
) {
  const [row] = await t.db.insert(notes).values(values).returning();
  return row!;
}

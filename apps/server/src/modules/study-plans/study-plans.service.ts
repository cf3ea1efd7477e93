import type { CreateStudyPlanBody, StudyPlanEntry } from '@portal/shared';
import { MESSAGES } from '@portal/shared';
import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  batches,
  batchSubjectFaculties,
  batchSubjects,
  chapters,
  studyPlans,
  subjects,
  topics,
} from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedRead, derivedOnce, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { listOfParts, sharedPart } from '../../lib/shared-json.js';
import type { AuthUser } from '../../plugins/auth.js';
import { viewedTopicIds } from '../learning/viewed-topics.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';
import { topicPictureColumn } from '../topics/topic-picture.js';
import { mayReadBatchSubjectPlan } from './study-plans.policy.js';

/**
 * The plan entries of an institution matching `conditions`, with their subject, chapter and topic,
 * in one query. Entries whose topic, chapter, subject, batch subject or batch was deleted are gone.
 */
function selectEntries(
  db: Database,
  institutionId: string | Placeholder,
  ...conditions: (SQL | undefined)[]
) {
  return db
    .select({
      id: studyPlans.id,
      topicId: studyPlans.topicId,
      date: studyPlans.date,
      batchSubjectId: studyPlans.batchSubjectId,
      batchId: batchSubjects.batchId,
      subjectTitle: subjects.title,
      subjectLogoUrl: subjects.logoUrl,
      chapterId: chapters.id,
      chapterTitle: chapters.title,
      topicTitle: topics.title,
      topicLogoUrl: topicPictureColumn,
      visibility: sql<boolean>`(${topics.visibility} and ${chapters.visibility})`,
    })
    .from(studyPlans)
    .innerJoin(
      batchSubjects,
      and(eq(batchSubjects.id, studyPlans.batchSubjectId), isNull(batchSubjects.deletedAt)),
    )
    .innerJoin(batches, and(eq(batches.id, batchSubjects.batchId), isNull(batches.deletedAt)))
    .innerJoin(subjects, and(eq(subjects.id, batchSubjects.subjectId), isNull(subjects.deletedAt)))
    .innerJoin(topics, and(eq(topics.id, studyPlans.topicId), isNull(topics.deletedAt)))
    .innerJoin(chapters, and(eq(chapters.id, topics.chapterId), isNull(chapters.deletedAt)))
    .where(and(eq(studyPlans.institutionId, institutionId), isNull(studyPlans.deletedAt), ...conditions))
    .orderBy(
      asc(studyPlans.date),
      asc(subjects.title),
      asc(chapters.displayOrder),
      asc(chapters.createdAt),
      asc(topics.createdAt),
      asc(studyPlans.id),
    );
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function present(row: EntryRow): StudyPlanEntry {
  return {
    _id: row.id,
    topic_id: row.topicId,
    date: row.date,
    batch_subject_id: row.batchSubjectId,
    batch_id: row.batchId,
    subject_title: row.subjectTitle,
    chapter_id: row.chapterId,
    chapter_title: row.chapterTitle,
    topic_title: row.topicTitle,
    visibility: row.visibility,
    // Entries are whole-day; the fields exist for clients that show a time window.
    start_time: null,
    end_time: null,
    subject_logo_url: row.subjectLogoUrl,
    topic_logo_url: row.topicLogoUrl,
  };
}

/** The institution's plan for one day, optionally for one batch. */
export async function listDaily(
  deps: AppDeps,
  institutionId: string,
  date: string,
  batchId?: string,
): Promise<StudyPlanEntry[]> {
  const rows = await selectEntries(
    deps.db,
    institutionId,
    eq(studyPlans.date, date),
    batchId ? eq(batchSubjects.batchId, batchId) : undefined,
  );
  return rows.map(present);
}

/**
 * One batch's plan for one day as its students see it: visible topics of visible chapters only
 * (management §3). Every student opens it on their home page, so it is a named prepared statement
 * (planned once per connection).
 */
function prepareStudentDaily(db: Database, name: string) {
  return selectEntries(
    db,
    sql.placeholder('institutionId'),
    eq(studyPlans.date, sql.placeholder('date')),
    eq(batchSubjects.batchId, sql.placeholder('batchId')),
    eq(topics.visibility, true),
    eq(chapters.visibility, true),
  ).prepare(name);
}

/**
 * The signed-in student's batch plan for one day, each entry marked with whether they have opened
 * its topic (New Topics). The plan is the same for every student of the batch and is shared
 * through the short-lived read cache (lib/read-cache.ts); the marks come from the student's
 * viewed topics, kept with their own cached reads (opening a topic drops them). Marking is a few
 * set lookups, so the marked answer itself is not kept: it would only crowd the cache.
 */
export async function listOwnDaily(deps: AppDeps, user: AuthUser, date: string): Promise<StudyPlanEntry[]> {
  const institutionId = user.institutionId;
  if (!institutionId) return [];
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  if (!batchId) return [];
  const entries = await cachedRead(
    deps.db,
    institutionId,
    `student_daily_plan:${batchId}:${date}`,
    async () => {
      const query = preparedStatement(deps.db, 'student_daily_plan', (name) =>
        prepareStudentDaily(deps.db, name),
      );
      const rows = await query.execute({ institutionId, batchId, date });
      return rows.map(present);
    },
    STEADY_TTL_MS,
  );
  const viewed = await viewedTopicIds(deps, user, [...new Set(entries.map((entry) => entry.topic_id))]);
  return listOfParts(
    entries.map((entry) => {
      const both = markedOnce(entry);
      return viewed.has(entry.topic_id) ? both.read : both.unread;
    }),
  );
}

/**
 * A kept entry as read and as unread, each made (and written as JSON) once for every student of
 * the batch (lib/shared-json.ts), so no entry is copied per request.
 */
const markedOnce = derivedOnce((entry: StudyPlanEntry) => ({
  read: sharedPart({ ...entry, viewed: true }),
  unread: sharedPart({ ...entry, viewed: false }),
}));

/** Another institution's topic, or a deleted one, is "not found". */
async function assertTopicExists(deps: AppDeps, institutionId: string, topicId: string): Promise<void> {
  const [row] = await deps.db
    .select({ id: topics.id })
    .from(topics)
    .where(and(eq(topics.id, topicId), eq(topics.institutionId, institutionId), isNull(topics.deletedAt)));
  if (!row) throw notFound();
}

/** Every plan entry of one topic (across batches and days). */
export async function listByTopic(
  deps: AppDeps,
  institutionId: string,
  topicId: string,
): Promise<StudyPlanEntry[]> {
  const rows = await selectEntries(deps.db, institutionId, eq(studyPlans.topicId, topicId));
  if (rows.length === 0) await assertTopicExists(deps, institutionId, topicId);
  return rows.map(present);
}

/**
 * The plan entries of one chapter's topics for one batch subject (the topics page's 'Study Plan
 * Date' tags). The chapter must be of the batch subject's subject; faculty must teach it.
 */
export async function listByChapter(
  deps: AppDeps,
  user: AuthUser,
  institutionId: string,
  chapterId: string,
  batchSubjectId: string,
): Promise<StudyPlanEntry[]> {
  const [access] = await deps.db
    .select({
      teaches: sql<boolean>`exists (select 1 from ${batchSubjectFaculties}
        where ${batchSubjectFaculties.batchSubjectId} = ${batchSubjects.id}
          and ${batchSubjectFaculties.facultyId} = ${user.entityId})`,
    })
    .from(batchSubjects)
    .innerJoin(
      chapters,
      and(
        eq(chapters.subjectId, batchSubjects.subjectId),
        eq(chapters.id, chapterId),
        eq(chapters.institutionId, institutionId),
        isNull(chapters.deletedAt),
      ),
    )
    .where(
      and(
        eq(batchSubjects.id, batchSubjectId),
        eq(batchSubjects.institutionId, institutionId),
        isNull(batchSubjects.deletedAt),
      ),
    );
  if (!access) throw notFound();
  if (!mayReadBatchSubjectPlan(user.permission, access.teaches)) throw forbidden();
  const rows = await selectEntries(
    deps.db,
    institutionId,
    eq(studyPlans.batchSubjectId, batchSubjectId),
    eq(topics.chapterId, chapterId),
  );
  return rows.map(present);
}

/**
 * Plans topics of one batch subject on one day. The batch subject must be the institution's (else
 * 404) and every topic must be in a chapter of its subject (else 400). Already planned topics are
 * left as they are; the answer lists the plan entries of all the requested topics on that day.
 */
export async function createEntries(
  deps: AppDeps,
  institutionId: string,
  body: CreateStudyPlanBody,
): Promise<StudyPlanEntry[]> {
  const topicIds = [...new Set(body.topic_ids)];
  const [batchSubject] = await deps.db
    .select({ id: batchSubjects.id, subjectId: batchSubjects.subjectId })
    .from(batchSubjects)
    .innerJoin(batches, and(eq(batches.id, batchSubjects.batchId), isNull(batches.deletedAt)))
    .where(
      and(
        eq(batchSubjects.id, body.batch_subject_id),
        eq(batchSubjects.institutionId, institutionId),
        isNull(batchSubjects.deletedAt),
      ),
    );
  if (!batchSubject) throw notFound();

  const found = await deps.db
    .select({ id: topics.id })
    .from(topics)
    .innerJoin(chapters, and(eq(chapters.id, topics.chapterId), isNull(chapters.deletedAt)))
    .where(
      and(
        inArray(topics.id, topicIds),
        eq(topics.institutionId, institutionId),
        isNull(topics.deletedAt),
        eq(chapters.subjectId, batchSubject.subjectId),
      ),
    );
  if (found.length !== topicIds.length) {
    throw badRequest(MESSAGES.topicNotInSubject, { topic_ids: MESSAGES.topicNotInSubject });
  }

  // One statement: all entries or none. The partial unique index (batch subject, topic, date)
  // among live entries turns a repeated plan into a no-op instead of a duplicate.
  await deps.db
    .insert(studyPlans)
    .values(
      topicIds.map((topicId) => ({
        institutionId,
        batchSubjectId: batchSubject.id,
        topicId,
        date: body.date,
      })),
    )
    .onConflictDoNothing();

  const rows = await selectEntries(
    deps.db,
    institutionId,
    eq(studyPlans.batchSubjectId, batchSubject.id),
    eq(studyPlans.date, body.date),
    inArray(studyPlans.topicId, topicIds),
  );
  return rows.map(present);
}

/** Soft delete (decision 6). */
export async function deleteEntry(deps: AppDeps, institutionId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .update(studyPlans)
    .set({ deletedAt: deps.clock.now() })
    .where(
      and(eq(studyPlans.id, id), eq(studyPlans.institutionId, institutionId), isNull(studyPlans.deletedAt)),
    )
    .returning({ id: studyPlans.id });
  if (deleted.length === 0) throw notFound();
}

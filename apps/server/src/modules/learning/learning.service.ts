import type {
  ChapterProgress,
  HomeTopic,
  ImpressionBody,
  TimeSpentBody,
  TopicProgress,
} from '@portal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { Database } from '../../db/client.js';
import { batchSubjects, chapters, impressions, timeSpent } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { institutionToday } from '../../lib/institution-day.js';
import { preparedStatement } from '../../lib/prepared.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';
import { assertStudentBatchSubject, assertStudentSession, assertStudentTopic } from './reading.policy.js';

/** Records that the student opened the topic today: one row per student, topic and day. */
export async function recordImpression(deps: AppDeps, user: AuthUser, body: ImpressionBody) {
  const topic = await assertStudentTopic(deps, user, body.topic_id, body.batch_subject_id);
  const institutionId = institutionOf(user);
  const now = deps.clock.now();
  await deps.db
    .insert(impressions)
    .values({
      institutionId,
      studentId: user.entityId,
      topicId: topic.topicId,
      batchSubjectId: topic.batchSubjectId,
      viewDate: await institutionToday(deps, institutionId),
      firstViewedAt: now,
      lastViewedAt: now,
    })
    .onConflictDoUpdate({
      target: [impressions.studentId, impressions.topicId, impressions.viewDate],
      set: {
        viewCount: sql`${impressions.viewCount} + 1`,
        lastViewedAt: now,
        batchSubjectId: topic.batchSubjectId,
      },
    });
  return { topic_id: topic.topicId, viewed_at: now.toISOString() };
}

/**
 * Adds a heartbeat's minutes to the student's time on one piece of content today (decision 14).
 * Topics and live sessions are checked like a read of them; assessments arrive with their feature.
 */
export async function recordTimeSpent(deps: AppDeps, user: AuthUser, body: TimeSpentBody) {
  if (body.content_type === 'topics') {
    await assertStudentTopic(deps, user, body.content_id, body.batch_subject_id);
  } else if (body.content_type === 'online') {
    const session = await assertStudentSession(deps, user, body.content_id);
    if (session.batchSubjectId !== body.batch_subject_id) throw notFound();
  } else {
    throw notFound();
  }
  const institutionId = institutionOf(user);
  const day = await institutionToday(deps, institutionId);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(timeSpent)
    .values({
      institutionId,
      studentId: user.entityId,
      contentType: body.content_type,
      contentId: body.content_id,
      batchSubjectId: body.batch_subject_id,
      day,
      minutes: body.time_spent,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [timeSpent.studentId, timeSpent.contentType, timeSpent.contentId, timeSpent.day],
      set: { minutes: sql`${timeSpent.minutes} + excluded.minutes`, updatedAt: now },
    })
    .returning({ minutes: timeSpent.minutes });
  return {
    content_id: body.content_id,
    content_type: body.content_type,
    time_spent: Math.round(row!.minutes * 100) / 100,
    date: day,
  };
}

function prepareViewed(db: Database, name: string) {
  return db
    .selectDistinct({ topicId: impressions.topicId })
    .from(impressions)
    .where(
      and(
        eq(impressions.studentId, sql.placeholder('studentId')),
        sql`${impressions.topicId} = any(${sql.placeholder('topicIds')}::uuid[])`,
      ),
    )
    .prepare(name);
}

/**
 * Which of these topics the student has opened (any day): one indexed lookup, prepared because
 * the day's plan (a hot read) asks it on every call.
 */
export async function viewedTopicIds(
  deps: AppDeps,
  studentId: string,
  topicIds: string[],
): Promise<Set<string>> {
  if (topicIds.length === 0) return new Set();
  const query = preparedStatement(deps.db, 'viewed_topics', (name) => prepareViewed(deps.db, name));
  const rows = await query.execute({ studentId, topicIds });
  return new Set(rows.map((row) => row.topicId));
}

interface HomeTopicRow extends Record<string, unknown> {
  topic_id: string;
  topic_title: string;
  topic_logo_url: string | null;
  type: HomeTopic['type'];
  chapter_id: string;
  chapter_title: string;
  batch_subject_id: string;
  subject_id: string;
  subject_title: string;
  subject_logo: HomeTopic['subject_logo'];
  subject_logo_url: string | null;
  date: string | null;
  viewed_at: Date | string | null;
}

const presentHomeTopic = (row: HomeTopicRow): HomeTopic => ({
  ...row,
  viewed_at: row.viewed_at === null ? null : new Date(row.viewed_at).toISOString(),
});

// What a home card shows of a topic, for a live, visible topic of a live, visible chapter taught
// to the student's batch (alias bs). Shared by the pending and last-visited lists.
const homeTopicColumns = sql`
  t.id as topic_id, t.title as topic_title, t.logo_url as topic_logo_url, t.type,
  c.id as chapter_id, c.title as chapter_title, bs.id as batch_subject_id,
  s.id as subject_id, s.title as subject_title, s.logo as subject_logo, s.logo_url as subject_logo_url`;
const homeTopicJoins = sql`
  join topics t on t.id = x.topic_id and t.deleted_at is null and t.visibility
  join chapters c on c.id = t.chapter_id and c.deleted_at is null and c.visibility
  join batch_subjects bs on bs.id = x.batch_subject_id and bs.deleted_at is null
  join subjects s on s.id = bs.subject_id and s.deleted_at is null`;

export const MAX_PENDING_ITEMS = 100;
export const MAX_LAST_VISITED = 12;

/**
 * Pending Topics (decision 15): study-plan topics of the student's batch dated before `date` that
 * they have not opened, latest plan day first; a topic planned on several days shows once.
 */
export async function pendingItems(deps: AppDeps, user: AuthUser, date?: string): Promise<HomeTopic[]> {
  const institutionId = institutionOf(user);
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  if (!batchId) return [];
  const day = date ?? (await institutionToday(deps, institutionId));
  const result = await deps.db.execute<HomeTopicRow>(sql`
    select ${homeTopicColumns}, x.date, null as viewed_at
    from (
      select distinct on (sp.batch_subject_id, sp.topic_id) sp.batch_subject_id, sp.topic_id, sp.date
      from study_plans sp
      join batch_subjects pbs on pbs.id = sp.batch_subject_id and pbs.batch_id = ${batchId}
      where sp.institution_id = ${institutionId} and sp.deleted_at is null and sp.date < ${day}
        and not exists (
          select 1 from impressions i where i.student_id = ${user.entityId} and i.topic_id = sp.topic_id)
      order by sp.batch_subject_id, sp.topic_id, sp.date desc
    ) x
    ${homeTopicJoins}
    order by x.date desc, t.title
    limit ${MAX_PENDING_ITEMS}`);
  return result.rows.map(presentHomeTopic);
}

/**
 * Last Visited Topics (decision 15): the topics the student opened most recently, up to the end
 * of `date`, still readable in their batch.
 */
export async function lastVisited(deps: AppDeps, user: AuthUser, date?: string): Promise<HomeTopic[]> {
  const institutionId = institutionOf(user);
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  if (!batchId) return [];
  const day = date ?? (await institutionToday(deps, institutionId));
  const result = await deps.db.execute<HomeTopicRow>(sql`
    select ${homeTopicColumns}, null as date, x.viewed_at
    from (
      select distinct on (i.topic_id) i.topic_id, i.batch_subject_id, i.last_viewed_at as viewed_at
      from impressions i
      where i.student_id = ${user.entityId} and i.view_date <= ${day}
      order by i.topic_id, i.last_viewed_at desc
    ) x
    ${homeTopicJoins}
    where bs.batch_id = ${batchId}
    order by x.viewed_at desc
    limit ${MAX_LAST_VISITED}`);
  return result.rows.map(presentHomeTopic);
}

interface ChapterProgressRow extends Record<string, unknown> {
  _id: string;
  title: string;
  description: string;
  subject_id: string;
  chapter_logo_url: string | null;
  visibility: boolean;
  topic_count: number;
  visible_topic_count: number;
  read_topic_count: number;
}

/** Whole percent of the chapter's topics read, rounded (learning §2 "Chapters", §9). */
const percent = (read: number, total: number) => (total === 0 ? 0 : Math.round((read * 100) / total));

const presentChapter = (row: ChapterProgressRow): ChapterProgress => ({
  ...row,
  progress: percent(row.read_topic_count, row.topic_count),
});

/**
 * Visible chapters of a subject with the student's counts, in one query: every live topic (total),
 * the visible ones (available) and the visible ones they have opened (completed).
 */
function selectChapterProgress(
  deps: AppDeps,
  institutionId: string,
  studentId: string,
  where: ReturnType<typeof sql>,
) {
  return deps.db.execute<ChapterProgressRow>(sql`
    select c.id as "_id", c.title, c.description, c.subject_id, c.logo_url as chapter_logo_url, c.visibility,
      count(t.id)::int as topic_count,
      count(t.id) filter (where t.visibility)::int as visible_topic_count,
      count(t.id) filter (where t.visibility and exists (
        select 1 from impressions i where i.student_id = ${studentId} and i.topic_id = t.id))::int
        as read_topic_count
    from chapters c
    left join topics t on t.chapter_id = c.id and t.deleted_at is null
    where c.institution_id = ${institutionId} and c.deleted_at is null and c.visibility and ${where}
    group by c.id
    order by c.created_at, c.id`);
}

export async function chapterProgress(
  deps: AppDeps,
  user: AuthUser,
  batchSubjectId: string,
): Promise<ChapterProgress[]> {
  const batchSubject = await assertStudentBatchSubject(deps, user, batchSubjectId);
  const result = await selectChapterProgress(
    deps,
    institutionOf(user),
    user.entityId,
    sql`c.subject_id = ${batchSubject.subjectId}`,
  );
  return result.rows.map(presentChapter);
}

/**
 * A visible chapter's visible topics with whether the student has read each, and the chapter's
 * progress. The chapter's subject must be taught to the student's batch (403), and the chapter a
 * visible one of their institution (404).
 */
export async function chapterTopics(deps: AppDeps, user: AuthUser, chapterId: string) {
  const institutionId = institutionOf(user);
  const [chapter] = await deps.db
    .select({ subjectId: chapters.subjectId })
    .from(chapters)
    .where(
      and(
        eq(chapters.id, chapterId),
        eq(chapters.institutionId, institutionId),
        eq(chapters.visibility, true),
        isNull(chapters.deletedAt),
      ),
    );
  if (!chapter) throw notFound();
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  const [taught] = batchId
    ? await deps.db
        .select({ id: batchSubjects.id })
        .from(batchSubjects)
        .where(
          and(
            eq(batchSubjects.batchId, batchId),
            eq(batchSubjects.subjectId, chapter.subjectId),
            isNull(batchSubjects.deletedAt),
          ),
        )
    : [];
  if (!taught) throw forbidden();

  const [progress, topicRows] = await Promise.all([
    selectChapterProgress(deps, institutionId, user.entityId, sql`c.id = ${chapterId}`),
    deps.db.execute<TopicProgress & Record<string, unknown>>(sql`
      select t.id as "_id", t.title, t.type, t.logo_url as topic_logo_url, t.self_assessment,
        exists (select 1 from impressions i where i.student_id = ${user.entityId} and i.topic_id = t.id)
          as viewed
      from topics t
      where t.chapter_id = ${chapterId} and t.institution_id = ${institutionId}
        and t.deleted_at is null and t.visibility
      order by t.created_at, t.id`),
  ]);
  return { chapter: presentChapter(progress.rows[0]!), topics: topicRows.rows };
}

import type { HomeTopic } from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import type { Page } from '../../lib/pagination.js';
import { queryPrepared } from '../../lib/prepared.js';
import { TOPIC_PICTURE_SQL } from '../topics/topic-picture.js';

// Every query here runs on each page a student opens (or each heartbeat), so each is a named
// prepared statement: PostgreSQL plans it once per connection (lib/prepared.ts).

/** One row per student, topic and day; a repeat view counts and moves the last-viewed time. */
export async function recordView(
  deps: AppDeps,
  view: {
    institutionId: string;
    studentId: string;
    topicId: string;
    batchSubjectId: string;
    day: string;
    at: Date;
  },
): Promise<void> {
  await queryPrepared(
    deps.pool,
    'record_view',
    `insert into impressions
       (institution_id, student_id, topic_id, batch_subject_id, view_date, view_count, first_viewed_at, last_viewed_at)
     values ($1, $2, $3, $4, $5, 1, $6, $6)
     on conflict (student_id, topic_id, view_date) do update set
       view_count = impressions.view_count + 1,
       last_viewed_at = excluded.last_viewed_at,
       batch_subject_id = excluded.batch_subject_id`,
    [view.institutionId, view.studentId, view.topicId, view.batchSubjectId, view.day, view.at],
  );
}

export interface HomeTopicRow extends Omit<HomeTopic, 'viewed_at'> {
  viewed_at: Date | null;
}

// What a home card shows of a topic: a live, visible topic of a live, visible chapter of a live
// batch subject (alias bs). Shared by the pending and last-visited lists.
const HOME_TOPIC_COLUMNS = `
  t.id as topic_id, t.title as topic_title, ${TOPIC_PICTURE_SQL} as topic_logo_url, t.type,
  c.id as chapter_id, c.title as chapter_title, bs.id as batch_subject_id,
  s.id as subject_id, s.title as subject_title, s.logo as subject_logo, s.logo_url as subject_logo_url`;
const HOME_TOPIC_JOINS = `
  join topics t on t.id = x.topic_id and t.deleted_at is null and t.visibility
  join chapters c on c.id = t.chapter_id and c.deleted_at is null and c.visibility
  join batch_subjects bs on bs.id = x.batch_subject_id and bs.deleted_at is null
  join subjects s on s.id = bs.subject_id and s.deleted_at is null`;

/**
 * The batch's plan topics dated before `day`, one row per batch subject and topic (at its latest
 * plan day before `day`), latest day first, then by title: the same for every student of the
 * batch, so the service keeps it shared and takes out each student's opened topics
 * (`viewedTopicIds`). The batch's batch subjects lead (each plan read through
 * study_plans_batch_subject_date_idx), so nothing else of the institution is read.
 */
export function batchPlanBefore(
  deps: AppDeps,
  filter: { institutionId: string; batchId: string; day: string },
): Promise<HomeTopicRow[]> {
  return queryPrepared<HomeTopicRow>(
    deps.pool,
    'batch_plan_before',
    `select ${HOME_TOPIC_COLUMNS}, x.date, null::timestamptz as viewed_at
     from (
       select sp.batch_subject_id, sp.topic_id, max(sp.date) as date
       from batch_subjects pbs
       join study_plans sp on sp.batch_subject_id = pbs.id and sp.deleted_at is null and sp.date < $3
       where pbs.batch_id = $2 and pbs.institution_id = $1 and pbs.deleted_at is null
       group by sp.batch_subject_id, sp.topic_id
     ) x
     ${HOME_TOPIC_JOINS}
     order by x.date desc, t.title, x.batch_subject_id, x.topic_id`,
    [filter.institutionId, filter.batchId, filter.day],
  );
}

/** A topic the student opened, through which batch subject, and when last. */
export interface VisitedTopicRow {
  topic_id: string;
  batch_subject_id: string;
  viewed_at: Date;
}

/**
 * The topics the student opened most recently up to the end of `day`, still readable in their
 * batch: each topic once, at its latest view (the view of the latest day), newest first. The
 * student's views come from impressions_student_last_viewed_idx, which covers every column read
 * here, and the later-view check is a probe of the primary key: neither reads the table itself.
 * A later page starts after the cursor's topic. What a card shows of each is `homeTopicCards`.
 */
export function lastVisitedTopics(
  deps: AppDeps,
  filter: { batchId: string; studentId: string; day: string },
  page: Page,
): Promise<VisitedTopicRow[]> {
  const first = page.after === null;
  const after = first
    ? ''
    : `and (i.last_viewed_at, i.topic_id) < ((select max(c2.last_viewed_at) from impressions c2
         where c2.student_id = $2 and c2.topic_id = $5 and c2.view_date <= $3), $5::uuid)`;
  return queryPrepared<VisitedTopicRow>(
    deps.pool,
    first ? 'last_visited_topics' : 'last_visited_topics_after',
    `select x.topic_id, x.batch_subject_id, x.viewed_at
     from (
       select i.topic_id, i.batch_subject_id, i.last_viewed_at as viewed_at
       from impressions i
       where i.student_id = $2 and i.view_date <= $3 ${after}
         and not exists (select 1 from impressions j
           where j.student_id = i.student_id and j.topic_id = i.topic_id
             and j.view_date > i.view_date and j.view_date <= $3)
     ) x
     ${HOME_TOPIC_JOINS}
     where bs.batch_id = $1
     order by x.viewed_at desc, x.topic_id desc
     limit $4`,
    first
      ? [filter.batchId, filter.studentId, filter.day, page.limit + 1]
      : [filter.batchId, filter.studentId, filter.day, page.limit + 1, page.after![0]],
  );
}

/** What a home card shows of a topic, the same for every student (`batch_subject_id` is theirs). */
export type HomeTopicCard = Omit<HomeTopicRow, 'batch_subject_id' | 'date' | 'viewed_at'>;

/** The cards of these live topics of the institution (a deleted one is left out). */
export function homeTopicCards(
  deps: AppDeps,
  filter: { institutionId: string; topicIds: string[] },
): Promise<HomeTopicCard[]> {
  return queryPrepared<HomeTopicCard>(
    deps.pool,
    'home_topic_cards',
    `select t.id as topic_id, t.title as topic_title, ${TOPIC_PICTURE_SQL} as topic_logo_url, t.type,
       c.id as chapter_id, c.title as chapter_title,
       s.id as subject_id, s.title as subject_title, s.logo as subject_logo, s.logo_url as subject_logo_url
     from topics t
     join chapters c on c.id = t.chapter_id and c.deleted_at is null
     join subjects s on s.id = c.subject_id and s.deleted_at is null
     where t.id = any($2::uuid[]) and t.institution_id = $1 and t.deleted_at is null`,
    [filter.institutionId, filter.topicIds],
  );
}

export interface SubjectChapterRow {
  _id: string;
  title: string;
  description: string;
  subject_id: string;
  chapter_logo_url: string | null;
  visibility: boolean;
  topic_count: number;
  /** The chapter's visible topics, in order: what a student can read (and has read, or not). */
  visible_topic_ids: string[];
}

/**
 * A subject's visible chapters with their live topics counted (total) and their visible topics'
 * ids, in one query: the same for every student, so kept shared; each student's reads are then
 * one index lookup (`viewedTopicIds`).
 */
export function subjectChapters(
  deps: AppDeps,
  filter: { institutionId: string; subjectId: string },
): Promise<SubjectChapterRow[]> {
  return queryPrepared(
    deps.pool,
    'subject_chapters_with_topics',
    `select c.id as "_id", c.title, c.description, c.subject_id, c.logo_url as chapter_logo_url, c.visibility,
       count(t.id)::int as topic_count,
       coalesce(array_agg(t.id order by t.created_at, t.id) filter (where t.visibility), '{}') as visible_topic_ids
     from chapters c
     left join topics t on t.chapter_id = c.id and t.deleted_at is null
     where c.institution_id = $1 and c.subject_id = $2 and c.deleted_at is null and c.visibility
     group by c.id
     order by c.created_at, c.id`,
    [filter.institutionId, filter.subjectId],
  );
}

export interface ReadableChapterRow {
  _id: string;
  title: string;
  description: string;
  subject_id: string;
  chapter_logo_url: string | null;
  visibility: boolean;
  /** The chapter's subject is taught to the student's batch. */
  taught: boolean;
}

/** A live, visible chapter of the institution, and whether the batch learns its subject. */
export async function readableChapter(
  deps: AppDeps,
  filter: { institutionId: string; chapterId: string; batchId: string | null },
): Promise<ReadableChapterRow | undefined> {
  const [row] = await queryPrepared<ReadableChapterRow>(
    deps.pool,
    'readable_chapter',
    `select c.id as "_id", c.title, c.description, c.subject_id, c.logo_url as chapter_logo_url, c.visibility,
       exists (select 1 from batch_subjects bs
               where bs.batch_id = $3 and bs.subject_id = c.subject_id and bs.deleted_at is null) as taught
     from chapters c
     where c.id = $1 and c.institution_id = $2 and c.deleted_at is null and c.visibility`,
    [filter.chapterId, filter.institutionId, filter.batchId],
  );
  return row;
}

export interface ChapterTopicRow {
  _id: string;
  title: string;
  type: HomeTopic['type'];
  topic_logo_url: string | null;
  self_assessment: boolean;
  visibility: boolean;
}

/** Every live topic of a chapter (hidden ones count in its total), the same for every reader. */
export function chapterTopicRows(
  deps: AppDeps,
  filter: { institutionId: string; chapterId: string },
): Promise<ChapterTopicRow[]> {
  return queryPrepared(
    deps.pool,
    'chapter_topic_rows',
    `select t.id as "_id", t.title, t.type, ${TOPIC_PICTURE_SQL} as topic_logo_url, t.self_assessment, t.visibility
     from topics t
     where t.chapter_id = $1 and t.institution_id = $2 and t.deleted_at is null
     order by t.created_at, t.id`,
    [filter.chapterId, filter.institutionId],
  );
}

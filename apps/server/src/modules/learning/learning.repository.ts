import type { HomeTopic } from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import type { Page } from '../../lib/pagination.js';
import { queryPrepared } from '../../lib/prepared.js';

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
  t.id as topic_id, t.title as topic_title, t.logo_url as topic_logo_url, t.type,
  c.id as chapter_id, c.title as chapter_title, bs.id as batch_subject_id,
  s.id as subject_id, s.title as subject_title, s.logo as subject_logo, s.logo_url as subject_logo_url`;
const HOME_TOPIC_JOINS = `
  join topics t on t.id = x.topic_id and t.deleted_at is null and t.visibility
  join chapters c on c.id = t.chapter_id and c.deleted_at is null and c.visibility
  join batch_subjects bs on bs.id = x.batch_subject_id and bs.deleted_at is null
  join subjects s on s.id = bs.subject_id and s.deleted_at is null`;

export interface HomePageRows {
  rows: HomeTopicRow[];
  /** The whole list's length, on the first page. */
  total: number | null;
}

type HomeRow = HomeTopicRow & { total?: number };
const homePage = (rows: HomeRow[], first: boolean): HomePageRows => ({
  rows,
  total: first ? (rows[0]?.total ?? 0) : null,
});

/**
 * Plan topics of the batch dated before `day` the student never opened, one row per topic and
 * batch subject (its latest plan day), latest day first, then by title. The batch's batch
 * subjects lead (8 of them, each ~60 plan rows through its own index), so nothing else of the
 * institution is read. A page: `limit` rows after the cursor's (batch subject, topic); the first
 * page counts them all (`count(*) over ()`, before the limit).
 */
export async function pendingTopics(
  deps: AppDeps,
  filter: { institutionId: string; batchId: string; studentId: string; day: string },
  page: Page,
): Promise<HomePageRows> {
  const first = page.after === null;
  const plan = `
    with plan as (
      select sp.batch_subject_id, sp.topic_id, max(sp.date) as date
      from batch_subjects pbs
      join study_plans sp on sp.batch_subject_id = pbs.id and sp.deleted_at is null and sp.date < $4
      where pbs.batch_id = $2 and pbs.institution_id = $1 and pbs.deleted_at is null
      group by sp.batch_subject_id, sp.topic_id
    )`;
  const select = `select ${HOME_TOPIC_COLUMNS}, x.date, null::timestamptz as viewed_at
    ${first ? ', count(*) over ()::int as total' : ''}
    from plan x ${HOME_TOPIC_JOINS}
    where not exists (select 1 from impressions i where i.student_id = $3 and i.topic_id = x.topic_id)`;
  // Later pages: after the cursor's item in (date desc, title, batch subject, topic) order.
  const after = `
    and (x.date < cur.date or (x.date = cur.date
      and (t.title, x.batch_subject_id, x.topic_id) > (cur.title, $6::uuid, $7::uuid)))`;
  const cursor = `, cur as (
      select p.date, ct.title from plan p join topics ct on ct.id = p.topic_id
      where p.batch_subject_id = $6 and p.topic_id = $7)`;
  const text = first
    ? `${plan} ${select} order by x.date desc, t.title, x.batch_subject_id, x.topic_id limit $5`
    : `${plan} ${cursor} ${select.replace('from plan x', 'from cur, plan x')} ${after}
       order by x.date desc, t.title, x.batch_subject_id, x.topic_id limit $5`;
  const values = [filter.institutionId, filter.batchId, filter.studentId, filter.day, page.limit + 1];
  const rows = await queryPrepared<HomeRow>(
    deps.pool,
    first ? 'pending_topics' : 'pending_topics_after',
    text,
    first ? values : [...values, ...(page.after ?? [])],
  );
  return homePage(rows, first);
}

/**
 * The topics the student opened most recently up to the end of `day`, still readable in their
 * batch: each topic once, at its latest view, newest first. Walks the student's views newest
 * first (impressions_student_last_viewed_idx), keeping a view only when no later view of the same
 * topic exists (a primary-key probe), so a page reads about `limit` views, not the whole history.
 * The first page also counts them all. The cursor names a topic.
 */
export async function lastVisitedTopics(
  deps: AppDeps,
  filter: { batchId: string; studentId: string; day: string },
  page: Page,
): Promise<HomePageRows> {
  const first = page.after === null;
  const after = first
    ? ''
    : `and (i.last_viewed_at, i.topic_id) < ((select max(c2.last_viewed_at) from impressions c2
         where c2.student_id = $2 and c2.topic_id = $5 and c2.view_date <= $3), $5::uuid)`;
  const rows = await queryPrepared<HomeRow>(
    deps.pool,
    first ? 'last_visited_topics' : 'last_visited_topics_after',
    `select ${HOME_TOPIC_COLUMNS}, null::date as date, x.viewed_at
       ${first ? ', count(*) over ()::int as total' : ''}
     from (
       select i.topic_id, i.batch_subject_id, i.last_viewed_at as viewed_at
       from impressions i
       where i.student_id = $2 and i.view_date <= $3 ${after}
         and not exists (select 1 from impressions j
           where j.student_id = i.student_id and j.topic_id = i.topic_id and j.view_date <= $3
             and (j.last_viewed_at, j.view_date) > (i.last_viewed_at, i.view_date))
     ) x
     ${HOME_TOPIC_JOINS}
     where bs.batch_id = $1
     order by x.viewed_at desc, x.topic_id desc
     limit $4`,
    first
      ? [filter.batchId, filter.studentId, filter.day, page.limit + 1]
      : [filter.batchId, filter.studentId, filter.day, page.limit + 1, page.after![0]],
  );
  return homePage(rows, first);
}

export interface ChapterCountsRow {
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

/**
 * A subject's visible chapters with the student's counts, in one query: every live topic (total),
 * the visible ones (available) and the visible ones they have opened (completed).
 */
export function chapterCounts(
  deps: AppDeps,
  filter: { institutionId: string; subjectId: string; studentId: string },
): Promise<ChapterCountsRow[]> {
  return queryPrepared(
    deps.pool,
    'chapter_counts',
    `select c.id as "_id", c.title, c.description, c.subject_id, c.logo_url as chapter_logo_url, c.visibility,
       count(t.id)::int as topic_count,
       count(t.id) filter (where t.visibility)::int as visible_topic_count,
       count(t.id) filter (where t.visibility and exists (
         select 1 from impressions i where i.student_id = $3 and i.topic_id = t.id))::int as read_topic_count
     from chapters c
     left join topics t on t.chapter_id = c.id and t.deleted_at is null
     where c.institution_id = $1 and c.subject_id = $2 and c.deleted_at is null and c.visibility
     group by c.id
     order by c.created_at, c.id`,
    [filter.institutionId, filter.subjectId, filter.studentId],
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
  viewed: boolean;
}

/** Every live topic of a chapter (hidden ones count in its total) with whether the student opened it. */
export function chapterTopicRows(
  deps: AppDeps,
  filter: { institutionId: string; chapterId: string; studentId: string },
): Promise<ChapterTopicRow[]> {
  return queryPrepared(
    deps.pool,
    'chapter_topics_read',
    `select t.id as "_id", t.title, t.type, t.logo_url as topic_logo_url, t.self_assessment, t.visibility,
       exists (select 1 from impressions i where i.student_id = $3 and i.topic_id = t.id) as viewed
     from topics t
     where t.chapter_id = $1 and t.institution_id = $2 and t.deleted_at is null
     order by t.created_at, t.id`,
    [filter.chapterId, filter.institutionId, filter.studentId],
  );
}

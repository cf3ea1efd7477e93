import {
  type ChapterProgress,
  EXAM_ENTRY_MINUTES,
  type HomeTopic,
  type ImpressionBody,
  PAGE_SIZE,
  type PageInfo,
  type PageQuery,
  type TimeSpentBody,
  type TopicProgress,
} from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { idOfNumber, numberOfId } from '../../lib/id-numbers.js';
import { institutionToday } from '../../lib/institution-day.js';
import { type Page, pageOf, readPage } from '../../lib/pagination.js';
import {
  cachedRead,
  cachedReadMany,
  cachedUserRead,
  derivedOnce,
  STEADY_TTL_MS,
} from '../../lib/read-cache.js';
import { extendedPart, listOfParts, ownFields, sharedPart } from '../../lib/shared-json.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { examOfStudent } from '../exams/student-exams.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';
import * as repository from './learning.repository.js';
import { assertStudentBatchSubject, assertStudentSession, assertStudentTopic } from './reading.policy.js';
import type { TimeSpentBuffer } from './time-spent-buffer.js';
import { openedTopics, topicNumbers, viewedTopicIds } from './viewed-topics.js';

/** Records that the student opened the topic today: one row per student, topic and day. */
export async function recordImpression(deps: AppDeps, user: AuthUser, body: ImpressionBody) {
  const topic = await assertStudentTopic(deps, user, body.topic_id, body.batch_subject_id);
  const institutionId = institutionOf(user);
  const at = deps.clock.now();
  await repository.recordView(deps, {
    institutionId,
    studentId: user.entityId,
    topicId: topic.topicId,
    batchSubjectId: topic.batchSubjectId,
    day: await institutionToday(deps, institutionId),
    at,
  });
  return { topic_id: topic.topicId, viewed_at: at.toISOString() };
}

/**
 * Adds a heartbeat's minutes to the student's time on one piece of content today (decision 14);
 * `buffer` writes them within a second. Topics, live sessions and examinations (entering one logs
 * a record) are checked like a read of them.
 */
export async function recordTimeSpent(
  deps: AppDeps,
  user: AuthUser,
  body: TimeSpentBody,
  buffer: TimeSpentBuffer,
) {
  if (body.content_type === 'topics') {
    await assertStudentTopic(deps, user, body.content_id, body.batch_subject_id);
  } else if (body.content_type === 'online') {
    const session = await assertStudentSession(deps, user, body.content_id);
    if (session.batchSubjectId !== body.batch_subject_id) throw notFound();
  } else {
    const exam = await examOfStudent(deps, user, body.content_id);
    if (!exam || exam.batch_subject_id !== body.batch_subject_id) throw notFound();
  }
  const day = await addMinutes(deps, user, body, buffer);
  return {
    content_id: body.content_id,
    content_type: body.content_type,
    time_spent: body.time_spent,
    date: day,
  };
}

/** Adds checked minutes to the student's record of today (in the institution's zone), which it answers. */
async function addMinutes(deps: AppDeps, user: AuthUser, body: TimeSpentBody, buffer: TimeSpentBuffer) {
  const institutionId = institutionOf(user);
  const day = await institutionToday(deps, institutionId);
  buffer.add({
    institutionId,
    studentId: user.entityId,
    contentType: body.content_type,
    contentId: body.content_id,
    batchSubjectId: body.batch_subject_id,
    day,
    minutes: body.time_spent,
    at: deps.clock.now(),
  });
  return day;
}

/**
 * Entering an examination logs its time-spent record (learning §4). The exam page's start (or
 * resume) is that entry, already checked as the student's own: it logs the record itself, so
 * 5,000 students entering at once send one request each, not two.
 */
export async function recordExamEntry(
  deps: AppDeps,
  user: AuthUser,
  attempt: { assessment_id: string; batch_subject_id: string },
  buffer: TimeSpentBuffer,
) {
  await addMinutes(
    deps,
    user,
    {
      content_id: attempt.assessment_id,
      content_type: 'assessment',
      time_spent: EXAM_ENTRY_MINUTES,
      batch_subject_id: attempt.batch_subject_id,
    },
    buffer,
  );
}

const presentHomeTopic = (row: repository.HomeTopicRow): HomeTopic => ({
  topic_id: row.topic_id,
  topic_title: row.topic_title,
  topic_logo_url: row.topic_logo_url,
  type: row.type,
  chapter_id: row.chapter_id,
  chapter_title: row.chapter_title,
  batch_subject_id: row.batch_subject_id,
  subject_id: row.subject_id,
  subject_title: row.subject_title,
  subject_logo: row.subject_logo,
  subject_logo_url: row.subject_logo_url,
  date: row.date,
  viewed_at: row.viewed_at === null ? null : row.viewed_at.toISOString(),
});

/**
 * A page of a home list. Home lists answer no `total` (null): counting would read the student's
 * whole plan or history on every home visit, and the home shows no counts.
 */
function presentHomePage(rows: repository.HomeTopicRow[], page: Page) {
  const key = (row: repository.HomeTopicRow) =>
    row.date === null ? [row.topic_id] : [row.batch_subject_id, row.topic_id];
  const { rows: kept, page: info } = pageOf(rows, page, key, null);
  return { topics: listOfParts(kept.map(sharedHomeTopic)), page: info };
}

/** A kept plan row's card, made (and written as JSON) once for every student of the batch. */
const sharedHomeTopic = derivedOnce((row: repository.HomeTopicRow) => sharedPart(presentHomeTopic(row)));

/** The student's batch and the home's day (`date`, else today in the institution's zone). */
async function homeContext(deps: AppDeps, user: AuthUser, date?: string) {
  const institutionId = institutionOf(user);
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  const day = date ?? (await institutionToday(deps, institutionId));
  return { institutionId, batchId, day, studentId: user.entityId };
}

const emptyPage = (page: Page) => ({
  topics: [],
  page: { limit: page.limit, next_cursor: null, total: null },
});

/**
 * Pending Topics (decision 15): study-plan topics of the student's batch dated before `date` that
 * they have not opened, latest plan day first; a topic planned on several days shows once. One
 * page. The batch's plan before the day is shared by its students (kept for two seconds); the
 * student's part is their viewed topics, so a home visit costs no query of its own once those
 * are cached. A later page starts after the cursor's (batch subject, topic) in the batch's order.
 */
export async function pendingItems(
  deps: AppDeps,
  user: AuthUser,
  query: { date?: string } & PageQuery,
): Promise<{ topics: HomeTopic[]; page: PageInfo }> {
  const page = readPage(query, PAGE_SIZE.home, 2);
  const { batchId, ...filter } = await homeContext(deps, user, query.date);
  if (!batchId) return emptyPage(page);
  const plan = await cachedRead(
    deps.db,
    filter.institutionId,
    `batch_plan_before:${batchId}:${filter.day}`,
    () => repository.batchPlanBefore(deps, { ...filter, batchId }),
    STEADY_TTL_MS,
  );
  const opened = await openedTopics(deps, user);
  const planTopics = topicNumbers(plan, (row) => row.topic_id);
  const start = page.after
    ? plan.findIndex((row) => row.batch_subject_id === page.after![0] && row.topic_id === page.after![1]) + 1
    : 0;
  // A cursor the batch's plan does not have gives an empty page, as a keyset cursor would.
  if (page.after && start === 0) return emptyPage(page);
  const rows: repository.HomeTopicRow[] = [];
  for (let index = start; index < plan.length && rows.length <= page.limit; index += 1) {
    if (!opened.has(planTopics[index]!)) rows.push(plan[index]!);
  }
  return presentHomePage(rows, page);
}

/**
 * Last Visited Topics (decision 15): the topics the student opened most recently, up to the end
 * of `date`, still readable in their batch. One page.
 */
export async function lastVisited(
  deps: AppDeps,
  user: AuthUser,
  query: { date?: string } & PageQuery,
): Promise<{ topics: HomeTopic[]; page: PageInfo }> {
  const page = readPage(query, PAGE_SIZE.home);
  const { batchId, ...filter } = await homeContext(deps, user, query.date);
  if (!batchId) return emptyPage(page);
  const key = `last_visited:${filter.day}:${page.limit}:${page.after ?? ''}`;
  // Only their opening a topic (which drops their per-user reads) or a write of the institution
  // (a topic hidden, moved or deleted) changes it. Kept small (lib/id-numbers.ts): which topic and
  // through which batch subject as numbers, so 5,000 students' lists fit the read cache at once,
  // and when as the answer writes it (formatting twenty times on every read cost 7 % of it). What
  // the cards show of the topics is shared.
  const kept = await cachedUserRead(
    deps.db,
    filter.institutionId,
    user.userId,
    key,
    async (): Promise<VisitedKept> =>
      (await repository.lastVisitedTopics(deps, { ...filter, batchId }, page)).flatMap((row) => [
        numberOfId(row.topic_id),
        numberOfId(row.batch_subject_id),
        row.viewed_at.toISOString(),
      ]),
    STEADY_TTL_MS,
  );
  const visited = visitedRows(kept);
  const { rows: shown, page: info } = pageOf(visited, page, (row) => [row.topic_id], null);
  const cards = await homeTopicCards(
    deps,
    filter.institutionId,
    shown.map((row) => row.topic_id),
  );
  const topics: HomeTopic[] = [];
  shown.forEach((row, index) => {
    const card = cards[index];
    if (card) topics.push(presentVisited(card, row));
  });
  return { topics: listOfParts(topics), page: info };
}

/** A student's last-visited topics as kept: topic number, batch subject number, ISO time, … */
type VisitedKept = (number | string)[];

/** The kept rows back with their ids. */
function visitedRows(kept: VisitedKept) {
  const rows: { topic_id: string; batch_subject_id: string; viewed_at: string }[] = [];
  for (let index = 0; index + 2 < kept.length; index += 3) {
    rows.push({
      topic_id: idOfNumber(kept[index] as number),
      batch_subject_id: idOfNumber(kept[index + 1] as number),
      viewed_at: kept[index + 2] as string,
    });
  }
  return rows;
}

/** What a last-visited card has of the student's own: the rest is the topic's shared card. */
const VISITED_OWN = ownFields(['batch_subject_id', 'date', 'viewed_at']);

/**
 * A last-visited topic: its shared card (written as JSON once) and the student's own batch
 * subject and time.
 */
const presentVisited = (
  card: repository.HomeTopicCard,
  row: { batch_subject_id: string; viewed_at: string },
): HomeTopic =>
  extendedPart(
    {
      topic_id: card.topic_id,
      topic_title: card.topic_title,
      topic_logo_url: card.topic_logo_url,
      type: card.type,
      chapter_id: card.chapter_id,
      chapter_title: card.chapter_title,
      batch_subject_id: row.batch_subject_id,
      subject_id: card.subject_id,
      subject_title: card.subject_title,
      subject_logo: card.subject_logo,
      subject_logo_url: card.subject_logo_url,
      date: null,
      viewed_at: row.viewed_at,
    },
    card,
    VISITED_OWN,
  );

const CARD = 'home_topic_card:';

/** The topics' cards, each kept shared (dropped, like every read, by a write of the institution). */
function homeTopicCards(deps: AppDeps, institutionId: string, topicIds: string[]) {
  return cachedReadMany(
    deps.db,
    institutionId,
    topicIds.map((id) => `${CARD}${id}`),
    async (keys) => {
      const cards = await repository.homeTopicCards(deps, {
        institutionId,
        topicIds: keys.map((key) => key.slice(CARD.length)),
      });
      // Shared from the start: the cache's size check writes the card's JSON, which is then kept.
      return new Map(cards.map((card) => [`${CARD}${card.topic_id}`, sharedPart(card)]));
    },
    STEADY_TTL_MS,
  );
}

/** Whole percent of the chapter's topics read, rounded (learning §2 "Chapters", §9). */
const percent = (read: number, total: number) => (total === 0 ? 0 : Math.round((read * 100) / total));

/**
 * A chapter with the student's counts and progress, built field by field: spreading the cached
 * rows into a new object costs several times more, on every chapter list a student opens.
 */
function presentChapter(
  chapter: Pick<
    ChapterProgress,
    '_id' | 'title' | 'description' | 'subject_id' | 'chapter_logo_url' | 'visibility'
  >,
  counts: { topics: number; visible: number; read: number },
): ChapterProgress {
  return {
    _id: chapter._id,
    title: chapter.title,
    description: chapter.description,
    subject_id: chapter.subject_id,
    chapter_logo_url: chapter.chapter_logo_url,
    visibility: chapter.visibility,
    topic_count: counts.topics,
    visible_topic_count: counts.visible,
    read_topic_count: counts.read,
    progress: percent(counts.read, counts.topics),
  };
}

/** A subject's visible chapters with their topics (repository.subjectChapters), shared for two seconds. */
function cachedSubjectChapters(deps: AppDeps, institutionId: string, subjectId: string) {
  return cachedRead(
    deps.db,
    institutionId,
    `subject_chapters_with_topics:${subjectId}`,
    () => repository.subjectChapters(deps, { institutionId, subjectId }),
    STEADY_TTL_MS,
  );
}

/**
 * Visible chapters of one of the student's batch subjects, with their own counts and progress:
 * the chapters and their topics are shared by every reader; what this student read is one
 * indexed lookup of their views of those topics.
 */
export async function chapterProgress(
  deps: AppDeps,
  user: AuthUser,
  batchSubjectId: string,
): Promise<ChapterProgress[]> {
  const institutionId = institutionOf(user);
  // Counting from cached parts is cheap, so the answer itself is not kept per student.
  const batchSubject = await assertStudentBatchSubject(deps, user, batchSubjectId);
  const chapters = await cachedSubjectChapters(deps, institutionId, batchSubject.subjectId);
  const opened = await openedTopics(deps, user);
  return listOfParts(
    chapters.map((chapter) => {
      let read = 0;
      for (const topic of topicNumbers(chapter.visible_topic_ids, String)) if (opened.has(topic)) read += 1;
      return chapterWithRead(chapter, read);
    }),
  );
}

/**
 * A kept chapter as a reader who has read `read` of its topics sees it. Every reader with the same
 * count sees the same answer, so each is made (and written as JSON) once while the chapter is kept.
 */
function chapterWithRead(chapter: repository.SubjectChapterRow, read: number): ChapterProgress {
  const byRead = chaptersByRead(chapter);
  let shown = byRead.get(read);
  if (!shown) {
    const counts = { topics: chapter.topic_count, visible: chapter.visible_topic_ids.length, read };
    shown = sharedPart(presentChapter(chapter, counts));
    byRead.set(read, shown);
  }
  return shown;
}

const chaptersByRead = derivedOnce(
  (_chapter: repository.SubjectChapterRow) => new Map<number, ChapterProgress>(),
);

/**
 * A visible chapter's visible topics with whether the student has read each, and the chapter's
 * progress (counted from the same rows). The chapter must be a visible one of their institution
 * (404), and its subject taught to their batch (403).
 */
export async function chapterTopics(
  deps: AppDeps,
  user: AuthUser,
  chapterId: string,
): Promise<{ chapter: ChapterProgress; topics: TopicProgress[] }> {
  return loadChapterTopics(deps, institutionOf(user), user, chapterId);
}

async function loadChapterTopics(deps: AppDeps, institutionId: string, user: AuthUser, chapterId: string) {
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  // The chapter (and whether the batch learns it) and its topics are the same for every student
  // of the batch; only the read marks are this student's.
  const [chapter, rows] = await Promise.all([
    cachedRead(
      deps.db,
      institutionId,
      `readable_chapter:${batchId}:${chapterId}`,
      async () => (await repository.readableChapter(deps, { institutionId, chapterId, batchId })) ?? null,
      STEADY_TTL_MS,
    ),
    cachedRead(
      deps.db,
      institutionId,
      `chapter_topic_rows:${chapterId}`,
      () => repository.chapterTopicRows(deps, { institutionId, chapterId }),
      STEADY_TTL_MS,
    ),
  ]);
  if (!chapter) throw notFound();
  if (!chapter.taught) throw forbidden();
  const visible = rows.filter((row) => row.visibility);
  const viewed = await viewedTopicIds(
    deps,
    user,
    visible.map((row) => row._id),
  );
  const read = visible.filter((row) => viewed.has(row._id)).length;
  return {
    chapter: presentChapter(chapter, { topics: rows.length, visible: visible.length, read }),
    // Built field by field: spreading the cached rows costs several times more.
    topics: visible.map((topic) => ({
      _id: topic._id,
      title: topic.title,
      type: topic.type,
      topic_logo_url: topic.topic_logo_url,
      self_assessment: topic.self_assessment,
      viewed: viewed.has(topic._id),
    })),
  };
}

import type { HomeTopic, StudyPlanEntry } from '@portal/shared';
import type { SubjectLogo } from '@portal/shared/constants';

/** What a home topic card shows and where it leads, whichever list it came from. */
export interface HomeCard {
  key: string;
  topicId: string;
  topicTitle: string;
  chapterId: string;
  chapterTitle: string;
  batchId: string | null;
  batchSubjectId: string;
  subjectTitle: string;
  subjectLogo: SubjectLogo | null;
  subjectLogoUrl: string | null;
  topicLogoUrl: string | null;
  /** The study-plan day, YYYY-MM-DD, or null (last visited). */
  planDate: string | null;
  viewedAt: string | null;
}

const day = (value: string | null) => (value ? value.slice(0, 10) : null);

/** New Topics: the day's plan entries the student has not opened. */
export function newTopicCards(entries: readonly StudyPlanEntry[]): HomeCard[] {
  return entries
    .filter((entry) => entry.viewed !== true)
    .map((entry) => ({
      key: entry._id,
      topicId: entry.topic_id,
      topicTitle: entry.topic_title,
      chapterId: entry.chapter_id,
      chapterTitle: entry.chapter_title,
      batchId: entry.batch_id,
      batchSubjectId: entry.batch_subject_id,
      subjectTitle: entry.subject_title,
      subjectLogo: null,
      subjectLogoUrl: entry.subject_logo_url,
      topicLogoUrl: entry.topic_logo_url,
      planDate: day(entry.date),
      viewedAt: null,
    }));
}

/** Pending and Last Visited topics. */
export function homeTopicCards(topics: readonly HomeTopic[]): HomeCard[] {
  return topics.map((topic) => ({
    key: `${topic.batch_subject_id}:${topic.topic_id}:${topic.date ?? ''}`,
    topicId: topic.topic_id,
    topicTitle: topic.topic_title,
    chapterId: topic.chapter_id,
    chapterTitle: topic.chapter_title,
    batchId: null,
    batchSubjectId: topic.batch_subject_id,
    subjectTitle: topic.subject_title,
    subjectLogo: topic.subject_logo,
    subjectLogoUrl: topic.subject_logo_url,
    topicLogoUrl: topic.topic_logo_url,
    planDate: day(topic.date),
    viewedAt: topic.viewed_at,
  }));
}

/** A study-plan topic opens only once its day has come (learning §2 "Student home"). */
export function isOpenable(card: Pick<HomeCard, 'planDate'>, today: string): boolean {
  return card.planDate === null || card.planDate <= today;
}

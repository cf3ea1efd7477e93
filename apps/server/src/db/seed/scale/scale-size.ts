/** How big the scale institution is. `SCHOOL_SCALE` is decision 35's school; tests seed a small one. */
export interface ScaleSize {
  /** Batches, in grades of `sectionsPerGrade` sections (Class 6 A, Class 6 B, …). */
  batches: number;
  sectionsPerGrade: number;
  studentsPerBatch: number;
  faculty: number;
  /** Subjects each batch learns; the sections of one grade share a grade's subjects. */
  subjectsPerBatch: number;
  /** Per subject; the last chapter of each subject is hidden from students. */
  chaptersPerSubject: number;
  topicsPerChapter: number;
  /** Study-plan days ending today, one topic per batch subject a day. */
  planDays: number;
  /** Topic views per student (impressions, each with its time-spent row). */
  viewsPerStudent: number;
  /** Doubts per student; replies follow a 0, 1, 2, 2, 3 pattern (1.6 a doubt). */
  doubtsPerStudent: number;
  notesPerStudent: number;
  /** Over the batch subjects in turn; the batch's students have sat the past ones. */
  assessments: number;
  /**
   * Live sessions: one per batch on the seed's day, two per batch over the next week, the rest
   * spread over the activity days; every tenth a custom session for a fifth of the batch.
   */
  sessions: number;
  /** Over the activity days, a few in the last three days (the bell's); a third to the whole school. */
  announcements: number;
}

/**
 * Decision 35: 5,000 students in 20 batches, 200 faculty, 8 subjects a batch, 10,000 topics, 60
 * days of study plans, 1,000,000 impressions and time-spent rows, 50,000 doubts with 80,000
 * replies, 100,000 notes, 200 assessments, 500 live sessions with attendance; and 300
 * announcements.
 */
export const SCHOOL_SCALE: ScaleSize = {
  batches: 20,
  sectionsPerGrade: 4,
  studentsPerBatch: 250,
  faculty: 200,
  subjectsPerBatch: 8,
  chaptersPerSubject: 25,
  topicsPerChapter: 10,
  planDays: 60,
  viewsPerStudent: 200,
  doubtsPerStudent: 10,
  notesPerStudent: 20,
  assessments: 200,
  sessions: 500,
  announcements: 300,
};

/** The one password of every scale account (they are not asked to change it). */
export const SCALE_PASSWORD = 'Scale@12345';
export const SCALE_INSTITUTION_TITLE = 'Scale Public School';
export const SCALE_TIME_ZONE = 'Asia/Kolkata';

/** Predictable usernames, so a benchmark can sign any of them in: numbers start at 1. */
export const scaleUsernames = {
  moderator: 'scale-moderator',
  faculty: (number: number) => `scale-faculty-${String(number).padStart(3, '0')}`,
  student: (number: number) => `scale-student-${String(number).padStart(4, '0')}`,
};

/** Derived counts, and the checks that keep every generated key unique. */
export function scaleShape(size: ScaleSize) {
  const grades = Math.ceil(size.batches / size.sectionsPerGrade);
  const visibleChapters = size.chaptersPerSubject > 1 ? size.chaptersPerSubject - 1 : 1;
  const visibleTopicsPerSubject = visibleChapters * size.topicsPerChapter;
  const viewsPerSubject = Math.ceil(size.viewsPerStudent / size.subjectsPerBatch);
  const shape = {
    grades,
    subjects: grades * size.subjectsPerBatch,
    batchSubjects: size.batches * size.subjectsPerBatch,
    students: size.batches * size.studentsPerBatch,
    visibleTopicsPerSubject,
    /** Spacing of a student's views within a subject: they read across the whole course. */
    viewStep: Math.max(1, Math.floor(visibleTopicsPerSubject / viewsPerSubject)),
    /** Every `doubtEvery`-th view gets a doubt, every `noteEvery`-th a note. */
    doubtEvery: Math.floor(size.viewsPerStudent / Math.max(1, size.doubtsPerStudent)),
    noteEvery: Math.floor(size.viewsPerStudent / Math.max(1, size.notesPerStudent)),
    /** Live sessions on the seed's day (the last study-plan day): one per batch. */
    sessionsToday: size.batches,
    /** Live sessions after the seed's day, within a week: two per batch. */
    upcomingSessions: 2 * size.batches,
    /** Live sessions before the seed's day. */
    pastSessions: size.sessions - 3 * size.batches,
    /** Announcements of the last three days, the ones the bell shows. */
    recentAnnouncements: Math.min(size.announcements, 6),
  };
  if (viewsPerSubject > visibleTopicsPerSubject) {
    throw new Error('more views per student and subject than visible topics: a student reads a topic once');
  }
  if (shape.doubtEvery < 1 || shape.noteEvery < 1) {
    throw new Error('doubts and notes are written on viewed topics: at most one of each per view');
  }
  if (shape.pastSessions < 1) {
    throw new Error('more live sessions than one a batch today and two a batch next week are needed');
  }
  if (size.faculty < 1 || size.studentsPerBatch < 1 || size.subjectsPerBatch < 1) {
    throw new Error('the scale institution needs faculty, students and subjects');
  }
  return shape;
}
export type ScaleShape = ReturnType<typeof scaleShape>;

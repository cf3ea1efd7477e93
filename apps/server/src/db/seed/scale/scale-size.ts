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
}

/**
 * Decision 35: 5,000 students in 20 batches, 200 faculty, 8 subjects a batch, 10,000 topics, 60
 * days of study plans, 1,000,000 impressions and time-spent rows, 50,000 doubts with 80,000
 * replies, 100,000 notes, 200 assessments.
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
  };
  if (viewsPerSubject > visibleTopicsPerSubject) {
    throw new Error('more views per student and subject than visible topics: a student reads a topic once');
  }
  if (shape.doubtEvery < 1 || shape.noteEvery < 1) {
    throw new Error('doubts and notes are written on viewed topics: at most one of each per view');
  }
  if (size.faculty < 1 || size.studentsPerBatch < 1 || size.subjectsPerBatch < 1) {
    throw new Error('the scale institution needs faculty, students and subjects');
  }
  return shape;
}
export type ScaleShape = ReturnType<typeof scaleShape>;

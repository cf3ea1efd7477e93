import { type Selection, selectionPath } from '../../lib/selection-path';

/** Deep links of the student's learning screens. */
export const MY_SUBJECTS_PATH = '/me/subjects';
export const MY_TEACHERS_PATH = '/me/teachers';
export const MY_DOUBTS_PATH = '/me/doubts';
export const myChaptersPath = (selection: Selection) => selectionPath('/me/subjects/chapters', selection);
export const myTopicsPath = (selection: Selection) =>
  selectionPath('/me/subjects/chapters/topics', selection);
export const myTopicDetailPath = (selection: Selection) =>
  selectionPath('/me/subjects/chapters/topics/detail', selection);
export const selfAssessmentPath = (selection: Selection) =>
  selectionPath('/me/subjects/chapters/topics/assessment', selection);
export const subjectNotesPath = (selection: Selection) => selectionPath('/me/subjects/notes', selection);
export const subjectDoubtsPath = (batchSubjectId: string) =>
  selectionPath(MY_DOUBTS_PATH, { subject: batchSubjectId });

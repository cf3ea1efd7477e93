import type { Chapter } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';

export interface ChapterFormValues {
  title: string;
  description: string;
  /** The subject's id (a batch subject's `subject_id`). */
  subject_id: string | null;
  visibility: boolean;
}

export const chapterFormValues = (chapter: Chapter | null, subjectId: string | null): ChapterFormValues =>
  chapter
    ? {
        title: chapter.title,
        description: chapter.description,
        subject_id: chapter.subject_id,
        visibility: chapter.visibility,
      }
    : { title: '', description: '', subject_id: subjectId, visibility: true };

/**
 * Title, description and subject are required: the popup says 'Please fill all form fields', the
 * standalone forms 'Please fill the form' (management §5).
 */
export function chapterFormError(values: ChapterFormValues, standalone: boolean): string | null {
  const missing = !values.title.trim() || !values.description.trim() || !values.subject_id;
  if (!missing) return null;
  return standalone ? MESSAGES.fillTheForm : MESSAGES.fillAllFormFields;
}

import type { ExamQuestion, SaveAnswerBody, SavedAnswer, SubmitExamBody } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';

/** What the student has given for one question so far. */
export interface Draft {
  optionIds: readonly string[];
  text: string;
  /** `/files/…` links of their answer sheets. */
  files: readonly string[];
  /** "Mark for review", saved with the answer. */
  marked: boolean;
}

export type Drafts = Readonly<Record<string, Draft>>;

export const EMPTY_DRAFT: Draft = { optionIds: [], text: '', files: [], marked: false };

/** A saved answer as the page holds it. */
export const draftFromSaved = (answer: SavedAnswer): Draft => ({
  optionIds: answer.submitted_answer_ids,
  text: answer.submitted_answer_text ?? '',
  files: answer.file_urls,
  marked: answer.marked_for_review,
});

/** The drafts a (re)loaded page starts from: every saved answer. */
export function draftsFromSaved(answers: readonly SavedAnswer[]): Drafts {
  return Object.fromEntries(answers.map((answer) => [answer.question_id, draftFromSaved(answer)]));
}

/** When each question's answer was last saved, as this page knows (null: never). */
export type SavedTimes = Readonly<Record<string, string | null>>;

export const savedTimesOf = (answers: readonly SavedAnswer[]): SavedTimes =>
  Object.fromEntries(answers.map((answer) => [answer.question_id, answer.updated_at]));

const CHOICE_TYPES = new Set(['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN']);
export const isChoice = (question: Pick<ExamQuestion, 'type'>) => CHOICE_TYPES.has(question.type);

/** The answer part of a question's body: only the part its type takes. */
function answerBody(question: Pick<ExamQuestion, 'type'>, draft: Draft): SaveAnswerBody {
  if (isChoice(question)) return { submitted_answer_ids: [...draft.optionIds] };
  if (question.type === 'UPLOAD') return { file_urls: [...draft.files] };
  return { submitted_answer_text: draft.text };
}

/** The body of an autosave of one question: its answer and its review mark. */
export const saveBody = (question: Pick<ExamQuestion, 'type'>, draft: Draft): SaveAnswerBody => ({
  ...answerBody(question, draft),
  marked_for_review: draft.marked,
});

/**
 * Whether a question counts as answered (learning §5: choice answers plus upload lists must cover
 * every question; a text answer needs some text). An upload question is not asked of a student
 * refused uploads, who hands the sheet in at school.
 */
export function isAnswered(
  question: Pick<ExamQuestion, 'type'>,
  draft: Draft | undefined,
  uploadAllowed = true,
) {
  if (question.type === 'UPLOAD' && !uploadAllowed) return true;
  if (!draft) return false;
  if (isChoice(question)) return draft.optionIds.length > 0;
  if (question.type === 'UPLOAD') return draft.files.length > 0;
  return draft.text.trim().length > 0;
}

export const answeredCount = (questions: readonly ExamQuestion[], drafts: Drafts, uploadAllowed = true) =>
  questions.filter((question) => isAnswered(question, drafts[question._id], uploadAllowed)).length;

/**
 * The submission payload (learning §3) with every question's current answer and the save it was
 * made from (`saved_at`, so a newer save of another tab is kept). A manual submit with gaps is
 * refused with 'Please answer all the questions' (learning §5); the submit at zero
 * (`complete: false`) sends what there is.
 */
export function submissionPayload(
  exam: { assessment_id: string; batch_subject_id: string },
  questions: readonly ExamQuestion[],
  drafts: Drafts,
  options: { complete: boolean; uploadAllowed: boolean; savedTimes: SavedTimes },
): SubmitExamBody | { error: string } {
  if (options.complete && answeredCount(questions, drafts, options.uploadAllowed) < questions.length) {
    return { error: MESSAGES.answerAllQuestions };
  }
  return {
    assessment_id: exam.assessment_id,
    batch_subject_id: exam.batch_subject_id,
    submissions: questions.map((question) => {
      const draft = drafts[question._id] ?? EMPTY_DRAFT;
      return {
        question_id: question._id,
        question_type: question.type,
        ...answerBody(question, options.uploadAllowed || question.type !== 'UPLOAD' ? draft : EMPTY_DRAFT),
        saved_at: options.savedTimes[question._id] ?? null,
      };
    }),
  };
}

/** The random part the portal puts before a stored file's own name (24 hex digits and a dash). */
const STORED_PREFIX = /^[0-9a-f]{24}-/;

/** A sheet's name as the student sees it: the file's own name at the end of its link. */
export function sheetName(url: string): string {
  const last = url.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? url;
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A name that is not valid percent-encoding is shown as it is.
  }
  return name.replace(STORED_PREFIX, '') || name;
}

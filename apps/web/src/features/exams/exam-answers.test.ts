import type { ExamQuestion } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  answeredCount,
  draftsFromSaved,
  saveBody,
  savedTimesOf,
  sheetName,
  submissionPayload,
} from './exam-answers';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const question = (n: number, type: ExamQuestion['type'], options: number[] = []): ExamQuestion => ({
  _id: id(n),
  title: `Question ${n}`,
  type,
  weightage: 2,
  position: n,
  answers: options.map((option, position) => ({ _id: id(option), title: `Option ${option}`, position })),
});

const questions = [
  question(1, 'SINGLE_CHOICE', [11, 12]),
  question(2, 'MULTIPLE_CHOICE', [21, 22, 23]),
  question(3, 'BOOLEAN', [31, 32]),
  question(4, 'TEXT'),
  question(5, 'UPLOAD'),
];
const exam = { assessment_id: id(100), batch_subject_id: id(200) };
const saved = (n: number, fields: { ids?: number[]; text?: string | null; files?: string[] }) => ({
  question_id: id(n),
  submitted_answer_ids: (fields.ids ?? []).map(id),
  submitted_answer_text: fields.text ?? null,
  file_urls: fields.files ?? [],
  marked_for_review: false,
  updated_at: '2026-01-05T09:00:00.000Z',
});

describe('examination answers (learning §5 "Exam submit")', () => {
  const everyAnswer = draftsFromSaved([
    saved(1, { ids: [11] }),
    saved(2, { ids: [21, 23] }),
    saved(3, { ids: [32] }),
    saved(4, { text: 'Because the angles add up.' }),
    saved(5, { files: ['/files/i/answer-sheets/page-1.png', '/files/i/answer-sheets/page-2.png'] }),
  ]);

  it('refuses a manual submit with any question unanswered, an upload question without sheets included', () => {
    expect(answeredCount(questions, everyAnswer)).toBe(5);
    const withoutSheets = { ...everyAnswer, [id(5)]: { optionIds: [], text: '', files: [], marked: false } };
    expect(answeredCount(questions, withoutSheets)).toBe(4);
    expect(
      submissionPayload(exam, questions, withoutSheets, {
        complete: true,
        uploadAllowed: true,
        savedTimes: {},
      }),
    ).toEqual({
      error: MESSAGES.answerAllQuestions,
    });
    const blankText = { ...everyAnswer, [id(4)]: { optionIds: [], text: '   ', files: [], marked: false } };
    expect(
      submissionPayload(exam, questions, blankText, { complete: true, uploadAllowed: true, savedTimes: {} }),
    ).toEqual({
      error: MESSAGES.answerAllQuestions,
    });
  });

  it('sends every question with the part its type takes', () => {
    const body = submissionPayload(exam, questions, everyAnswer, {
      complete: true,
      uploadAllowed: true,
      savedTimes: {},
    });
    expect(body).toEqual({
      ...exam,
      submissions: [
        {
          question_id: id(1),
          question_type: 'SINGLE_CHOICE',
          submitted_answer_ids: [id(11)],
          saved_at: null,
        },
        {
          question_id: id(2),
          question_type: 'MULTIPLE_CHOICE',
          submitted_answer_ids: [id(21), id(23)],
          saved_at: null,
        },
        { question_id: id(3), question_type: 'BOOLEAN', submitted_answer_ids: [id(32)], saved_at: null },
        {
          question_id: id(4),
          question_type: 'TEXT',
          submitted_answer_text: 'Because the angles add up.',
          saved_at: null,
        },
        {
          question_id: id(5),
          question_type: 'UPLOAD',
          file_urls: ['/files/i/answer-sheets/page-1.png', '/files/i/answer-sheets/page-2.png'],
          saved_at: null,
        },
      ],
    });
  });

  it('submits what there is at zero, gaps and all', () => {
    const body = submissionPayload(exam, questions, draftsFromSaved([saved(1, { ids: [12] })]), {
      complete: false,
      uploadAllowed: true,
      savedTimes: {},
    });
    expect('submissions' in body && body.submissions?.length).toBe(5);
    expect('submissions' in body && body.submissions?.[3]).toEqual({
      question_id: id(4),
      question_type: 'TEXT',
      submitted_answer_text: '',
      saved_at: null,
    });
  });

  it('does not ask a student refused uploads for sheets, and sends none for them', () => {
    const withoutSheets = {
      ...everyAnswer,
      [id(5)]: { optionIds: [], text: '', files: ['/files/x.png'], marked: false },
    };
    const body = submissionPayload(exam, questions, withoutSheets, {
      complete: true,
      uploadAllowed: false,
      savedTimes: {},
    });
    expect('submissions' in body && body.submissions?.[4]).toEqual({
      question_id: id(5),
      question_type: 'UPLOAD',
      file_urls: [],
      saved_at: null,
    });
  });

  it('names with each answer the save it was made from, so a newer save of another tab is kept', () => {
    const answers = [
      saved(1, { ids: [11] }),
      { ...saved(3, { ids: [32] }), updated_at: '2026-01-05T09:00:07.000Z' },
    ];
    const body = submissionPayload(exam, questions, everyAnswer, {
      complete: true,
      uploadAllowed: true,
      savedTimes: savedTimesOf(answers),
    });
    const times = 'submissions' in body ? body.submissions?.map((item) => item.saved_at) : [];
    expect(times).toEqual(['2026-01-05T09:00:00.000Z', null, '2026-01-05T09:00:07.000Z', null, null]);
  });

  it('autosaves only the part of the answer the question takes, with its review mark', () => {
    const draft = { optionIds: [id(11)], text: 'x', files: ['/files/a.png'], marked: true };
    expect(saveBody(questions[0]!, draft)).toEqual({
      submitted_answer_ids: [id(11)],
      marked_for_review: true,
    });
    expect(saveBody(questions[3]!, draft)).toEqual({ submitted_answer_text: 'x', marked_for_review: true });
    expect(saveBody(questions[4]!, { ...draft, marked: false })).toEqual({
      file_urls: ['/files/a.png'],
      marked_for_review: false,
    });
    // The submission carries the answers only.
    const body = submissionPayload(
      exam,
      questions,
      { [id(1)]: draft },
      {
        complete: false,
        uploadAllowed: true,
        savedTimes: {},
      },
    );
    expect('submissions' in body && body.submissions?.[0]).not.toHaveProperty('marked_for_review');
  });

  it('names a sheet by the end of its link', () => {
    expect(sheetName('/files/inst/answer-sheets/d5e55babce2aa60c9925eb49-page%201.png')).toBe('page 1.png');
    expect(sheetName('/files/inst/answer-sheets/abc-page.png')).toBe('abc-page.png');
    expect(sheetName('/files/inst/answer-sheets/bad%E0.png')).toBe('bad%E0.png');
  });
});

import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { acceptsMarks, assessOutcome, needsMarking, sheetKind } from './marking';

const scope = { assessmentId: 'a', batchSubjectId: 'b' };
const row = (id: string, type: 'SINGLE_CHOICE' | 'TEXT' | 'UPLOAD', assessed = false, weightage = 4) => ({
  _id: id,
  question_type: type,
  assessed,
  weightage,
});

describe('evaluation marks', () => {
  it('keeps typed marks only from 0 to the weightage (input beyond is ignored)', () => {
    expect(acceptsMarks(undefined, 4)).toBe(true);
    expect(acceptsMarks(0, 4)).toBe(true);
    expect(acceptsMarks(2.5, 4)).toBe(true);
    expect(acceptsMarks(4, 4)).toBe(true);
    expect(acceptsMarks(4.5, 4)).toBe(false);
    expect(acceptsMarks(40, 4)).toBe(false);
    expect(acceptsMarks(-1, 4)).toBe(false);
  });

  it('asks for every unassessed text and upload answer to be marked', () => {
    const rows = [row('c', 'SINGLE_CHOICE'), row('t', 'TEXT'), row('u', 'UPLOAD')];
    expect(assessOutcome(scope, rows, { t: { correct: true, marks: '' } })).toEqual({
      error: MESSAGES.evaluateAllAnswers,
    });
    expect(needsMarking(rows[0]!)).toBe(false);
    expect(needsMarking(rows[1]!)).toBe(true);
    expect(needsMarking(row('t', 'TEXT', true))).toBe(false);
  });

  it('sends choice answers as they are, blank upload marks as 0 and never above the weightage', () => {
    const rows = [
      row('c', 'SINGLE_CHOICE'),
      row('t', 'TEXT'),
      row('u', 'UPLOAD'),
      row('v', 'UPLOAD'),
      row('w', 'UPLOAD'),
      row('done', 'TEXT', true),
    ];
    const outcome = assessOutcome({ ...scope, questionId: 'q' }, rows, {
      t: { correct: false, marks: '' },
      u: { correct: true, marks: '' },
      v: { correct: true, marks: 9 },
      w: { correct: true, marks: '2.' },
    });
    expect(outcome).toEqual({
      body: {
        assessment_id: 'a',
        batch_subject_id: 'b',
        question_id: 'q',
        submissions: [
          { submission_id: 'c' },
          { submission_id: 't', correct: false },
          { submission_id: 'u', correct: true, scored_point: 0 },
          { submission_id: 'v', correct: true, scored_point: 4 },
          { submission_id: 'w', correct: true, scored_point: 2 },
        ],
      },
    });
  });

  it('has nothing to send once every answer is assessed', () => {
    expect(assessOutcome(scope, [row('t', 'TEXT', true)], {})).toEqual({
      error: MESSAGES.evaluateAllAnswers,
    });
  });

  it('shows pictures inline and PDFs in a frame', () => {
    expect(sheetKind('/files/i/answer-sheets/ab-page-1.PNG')).toBe('image');
    expect(sheetKind('/files/i/answer-sheets/ab-sheet.pdf')).toBe('pdf');
    expect(sheetKind('/files/i/answer-sheets/ab-sheet.bin')).toBe('other');
  });
});

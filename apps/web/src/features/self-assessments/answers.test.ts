import type { SelfAssessmentQuestion } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { answeredCount, choose, submissionBody } from './answers';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const question = (
  n: number,
  type: SelfAssessmentQuestion['type'],
  options: number[],
): SelfAssessmentQuestion => ({
  _id: id(n),
  title: `Question ${n}`,
  type,
  weightage: 1,
  position: n,
  answers: options.map((option, position) => ({ _id: id(option), title: `Option ${option}`, position })),
});

const questions = [
  question(1, 'SINGLE_CHOICE', [11, 12]),
  question(2, 'MULTIPLE_CHOICE', [21, 22, 23]),
  question(3, 'BOOLEAN', [31, 32]),
];
const TOPIC = id(100);
const SUBJECT = id(200);

describe('self assessment answers (learning §5)', () => {
  it('asks for every question before sending anything', () => {
    let answers = choose({}, id(1), [id(11)]);
    answers = choose(answers, id(2), [id(21), id(23)]);
    expect(answeredCount(questions, answers)).toBe(2);
    expect(submissionBody(TOPIC, SUBJECT, questions, answers)).toEqual({
      error: MESSAGES.answerAllQuestions,
    });
    // Unchecking every box of a multiple choice question leaves it unanswered again.
    const cleared = choose(choose(answers, id(3), [id(32)]), id(2), []);
    expect(submissionBody(TOPIC, SUBJECT, questions, cleared)).toEqual({
      error: MESSAGES.answerAllQuestions,
    });
  });

  it('sends each question with the options chosen', () => {
    const answers = choose(choose(choose({}, id(1), [id(12)]), id(2), [id(21), id(23)]), id(3), [id(31)]);
    expect(answeredCount(questions, answers)).toBe(3);
    expect(submissionBody(TOPIC, SUBJECT, questions, answers)).toEqual({
      topic_id: TOPIC,
      batch_subject_id: SUBJECT,
      answers: [
        { qid: id(1), submitted_answer_ids: [id(12)] },
        { qid: id(2), submitted_answer_ids: [id(21), id(23)] },
        { qid: id(3), submitted_answer_ids: [id(31)] },
      ],
    });
  });

  it('never sends an option of another question, nor two for a one-answer question', () => {
    const answers = choose(choose(choose({}, id(1), [id(11), id(12)]), id(2), [id(31), id(22)]), id(3), [
      id(99),
    ]);
    expect(submissionBody(TOPIC, SUBJECT, questions, answers)).toEqual({
      error: MESSAGES.answerAllQuestions,
    });
    const fixed = choose(answers, id(3), [id(32)]);
    expect(submissionBody(TOPIC, SUBJECT, questions, fixed)).toMatchObject({
      answers: [
        { qid: id(1), submitted_answer_ids: [id(11)] },
        { qid: id(2), submitted_answer_ids: [id(22)] },
        { qid: id(3), submitted_answer_ids: [id(32)] },
      ],
    });
  });

  it('has nothing to send for a topic without questions', () => {
    expect(submissionBody(TOPIC, SUBJECT, [], {})).toEqual({ error: MESSAGES.answerAllQuestions });
  });
});

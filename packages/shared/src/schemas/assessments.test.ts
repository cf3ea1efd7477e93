import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  assessmentListQuerySchema,
  createAssessmentBodySchema,
  earliestAssessmentStart,
  updateAssessmentBodySchema,
} from './assessments.js';
import { submitSelfAssessmentBodySchema } from './self-assessments.js';

const ID = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Unit test',
  description: 'Chapter 1',
  batch_subject_id: ID,
  start_date: '2026-11-21T10:00:00+05:30',
  due_date: '2026-11-21T11:00:00+05:30',
  ...overrides,
});
const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('assessment form schemas', () => {
  it('accept instants with an offset and default the question paper to noFiles', () => {
    expect(createAssessmentBodySchema.parse(body())).toMatchObject({ url: 'noFiles' });
    expect(createAssessmentBodySchema.parse(body({ url: '' })).url).toBe('noFiles');
  });

  it('want the due date after the start, and say only that when both dates are readable', () => {
    expect(
      messages(createAssessmentBodySchema.safeParse(body({ due_date: '2026-11-21T04:30:00Z' }))),
    ).toEqual({
      due_date: MESSAGES.assessmentDueBeforeStart,
    });
    expect(messages(createAssessmentBodySchema.safeParse(body({ start_date: 'soon' })))).toEqual({
      start_date: MESSAGES.assessmentDateTimeInvalid,
    });
    expect(messages(updateAssessmentBodySchema.safeParse({ start_date: '2026-11-21T10:00:00Z' }))).toEqual(
      {},
    );
  });

  it('name every missing field with "Please fill the form"', () => {
    expect(messages(createAssessmentBodySchema.safeParse({}))).toEqual({
      title: MESSAGES.fillTheForm,
      description: MESSAGES.fillTheForm,
      batch_subject_id: MESSAGES.fillTheForm,
      start_date: MESSAGES.fillTheForm,
      due_date: MESSAGES.fillTheForm,
    });
  });

  it('start a new assessment no earlier than the current 15-minute slot', () => {
    expect(earliestAssessmentStart(new Date('2026-11-20T10:14:59.999Z')).toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
    expect(earliestAssessmentStart(new Date('2026-11-20T10:15:00Z')).toISOString()).toBe(
      '2026-11-20T10:15:00.000Z',
    );
  });

  it('list the upcoming tab unless told otherwise', () => {
    expect(assessmentListQuerySchema.parse({})).toEqual({ when: 'upcoming' });
    expect(assessmentListQuerySchema.parse({ limit: '20' }).limit).toBe(20);
  });
});

describe('self assessment submission schema', () => {
  it('wants at least one answer, each with at least one option', () => {
    const ok = { topic_id: ID, batch_subject_id: ID, answers: [{ qid: ID, submitted_answer_ids: [ID] }] };
    expect(submitSelfAssessmentBodySchema.safeParse(ok).success).toBe(true);
    const empty = { ...ok, answers: [{ qid: ID, submitted_answer_ids: [] }] };
    expect(messages(submitSelfAssessmentBodySchema.safeParse(empty))).toEqual({
      'answers.0.submitted_answer_ids': MESSAGES.answerAllQuestions,
    });
  });
});

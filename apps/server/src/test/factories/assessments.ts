import { assessments, examAnswers, examAttempts, questionOptions, questions } from '../../db/schema/index.js';
import { forgetInstitutionReads } from '../../lib/read-cache.js';
import type { TestApp } from '../harness.js';

type QuestionType = (typeof questions.$inferInsert)['type'];

/** A question to write: its type, marks and options (`true` marks a right one). */
export interface QuestionSpec {
  type: QuestionType;
  marks?: number;
  title?: string;
  options?: [string, boolean][];
}

/** The options decision 18 gives each type when a spec names none. */
function defaultOptions(type: QuestionType): [string, boolean][] {
  switch (type) {
    case 'SINGLE_CHOICE':
      return [
        ['Three', false],
        ['Four', true],
        ['Five', false],
      ];
    case 'MULTIPLE_CHOICE':
      return [
        ['Two', true],
        ['Three', true],
        ['Four', false],
      ];
    case 'BOOLEAN':
      return [
        ['True', true],
        ['False', false],
      ];
    default:
      return [];
  }
}

export type ExamSettingColumns = Partial<
  Pick<
    typeof assessments.$inferInsert,
    'durationMinutes' | 'shuffleQuestions' | 'shuffleOptions' | 'drawCount' | 'oneAtATime'
  >
>;

/**
 * An assessment written directly, due an hour after it starts (default: starts tomorrow at 10:00
 * UTC of the test clock's day, status DRAFTED).
 */
export async function createAssessmentRow(
  t: TestApp,
  values: {
    institutionId: string;
    batchSubjectId: string;
    authorUserId?: string | null;
    title?: string;
    startDate?: Date;
    dueDate?: Date;
    status?: (typeof assessments.$inferInsert)['status'];
    /** The examination's settings (duration, shuffles, draw, one at a time). */
    settings?: ExamSettingColumns;
  },
) {
  const startDate = values.startDate ?? new Date('2026-11-21T10:00:00Z');
  const [row] = await t.db
    .insert(assessments)
    .values({
      institutionId: values.institutionId,
      batchSubjectId: values.batchSubjectId,
      authorUserId: values.authorUserId ?? null,
      authorName: 'Author',
      title: values.title ?? t.unique('Assessment '),
      description: 'A test assessment',
      startDate,
      dueDate: values.dueDate ?? new Date(startDate.getTime() + 3_600_000),
      status: values.status ?? 'DRAFTED',
      ...values.settings,
    })
    .returning();
  // Written as the API would write it: the institution's kept reads go.
  forgetInstitutionReads(t.db, values.institutionId);
  return row!;
}

/** Questions written directly for an assessment or a topic, in order, with their options. */
export async function createQuestionRows(
  t: TestApp,
  owner: { institutionId: string; assessmentId?: string; topicId?: string },
  specs: QuestionSpec[],
) {
  const made = [];
  for (const [index, spec] of specs.entries()) {
    const [question] = await t.db
      .insert(questions)
      .values({
        institutionId: owner.institutionId,
        assessmentId: owner.assessmentId ?? null,
        topicId: owner.topicId ?? null,
        position: index + 1,
        title: spec.title ?? `Question ${index + 1}`,
        type: spec.type,
        weightage: spec.marks ?? 1,
      })
      .returning();
    const specOptions = spec.options ?? defaultOptions(spec.type);
    const options = specOptions.length
      ? await t.db
          .insert(questionOptions)
          .values(
            specOptions.map(([title, correct], position) => ({
              questionId: question!.id,
              position: position + 1,
              title,
              correct,
            })),
          )
          .returning()
      : [];
    options.sort((a, b) => a.position - b.position);
    made.push({ question: question!, options });
  }
  forgetInstitutionReads(t.db, owner.institutionId);
  return made;
}

/** A student's attempt at an examination, started (and optionally submitted) at the given times. */
export async function createAttemptRow(
  t: TestApp,
  values: { institutionId: string; assessmentId: string; studentId: string; submittedAt?: Date | null },
) {
  const [row] = await t.db
    .insert(examAttempts)
    .values({
      institutionId: values.institutionId,
      assessmentId: values.assessmentId,
      studentId: values.studentId,
      startedAt: t.clock.now(),
      submittedAt: values.submittedAt ?? null,
    })
    .returning();
  forgetInstitutionReads(t.db, values.institutionId);
  return row!;
}

/** A saved answer of an attempt. */
export async function createAnswerRow(
  t: TestApp,
  values: { attemptId: string; questionId: string; optionIds?: string[]; assessed?: boolean },
) {
  const [row] = await t.db
    .insert(examAnswers)
    .values({
      attemptId: values.attemptId,
      questionId: values.questionId,
      optionIds: values.optionIds ?? [],
      updatedAt: t.clock.now(),
      assessed: values.assessed ?? false,
    })
    .returning();
  return row!;
}

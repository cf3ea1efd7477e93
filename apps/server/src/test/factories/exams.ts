import { bearer, type TestApp } from '../harness.js';
import {
  createAssessmentRow,
  createQuestionRows,
  type ExamSettingColumns,
  type QuestionSpec,
} from './assessments.js';
import { enrolStudents } from './subjects.js';

/** Every question type of decision 18, with marks 1, 2, 1, 3 and 5. */
export const EVERY_TYPE = [
  { type: 'SINGLE_CHOICE', marks: 1 },
  { type: 'MULTIPLE_CHOICE', marks: 2 },
  { type: 'BOOLEAN', marks: 1 },
  { type: 'TEXT', marks: 3 },
  { type: 'UPLOAD', marks: 5 },
] as const;

/**
 * A LIVE examination with one question of every type (or the `questions` given), open from `start`
 * to `due`, with its `settings`.
 */
export async function createLiveExam(
  t: TestApp,
  values: {
    institutionId: string;
    batchSubjectId: string;
    start: Date;
    due: Date;
    authorUserId?: string;
    settings?: ExamSettingColumns;
    questions?: QuestionSpec[];
  },
) {
  const assessment = await createAssessmentRow(t, {
    institutionId: values.institutionId,
    batchSubjectId: values.batchSubjectId,
    authorUserId: values.authorUserId ?? null,
    startDate: values.start,
    dueDate: values.due,
    status: 'LIVE',
    settings: values.settings,
  });
  const made = await createQuestionRows(
    t,
    { institutionId: values.institutionId, assessmentId: assessment.id },
    values.questions ?? EVERY_TYPE.map((spec) => ({ ...spec })),
  );
  const [single, multiple, boolean, text, upload] = made;
  return {
    assessment,
    questions: made,
    single: single!,
    multiple: multiple!,
    boolean: boolean!,
    text: text!,
    upload: upload!,
  };
}

/** Uploads an answer sheet as the student (POST /api/s3/v2?purpose=answer_sheet), answering its URL. */
export async function uploadAnswerSheet(t: TestApp, token: string, filename = 'sheet.pdf') {
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4 answer sheet']), filename);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/s3/v2?purpose=answer_sheet',
    payload: form,
    headers: bearer(token),
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().data.publicUrl as string;
}

/** Another student of the school's batch, enrolled in the batch subject and signed in. */
export async function enrolledStudent(
  t: TestApp,
  school: { institution: { id: string }; batch: { id: string } },
  batchSubjectId: string,
) {
  const account = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  await enrolStudents(t, batchSubjectId, [account.entityId]);
  return { ...account, token: await t.login(account.username) };
}

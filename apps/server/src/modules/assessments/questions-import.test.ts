import { MESSAGES, type Question, type QuestionFilePreview } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments, questionOptions, questions, topics } from '../../db/schema/index.js';
import { createAssessmentRow, createAttemptRow } from '../../test/factories/assessments.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { uploadFile } from '../../test/factories/students.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { parseQuestionFile } from './import/index.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;

let school: School;
let other: School;
let maths: Taught;
let history: Taught;

const send = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** One file per format with a question of each type it has (decision 27). */
const GOOD: Record<string, { file: string; text: string; types: string[] }> = {
  csv: {
    file: 'questions.csv',
    text: [
      'question,type,marks,options,correct',
      'What is 7 times 8?,SINGLE_CHOICE,2,54|56|58,B',
      'Which are prime?,MULTIPLE_CHOICE,3,2|4|5|9,A|C',
      'Zero is even.,BOOLEAN,1,,A',
      'Explain place value.,TEXT,4,,',
      'Upload your working.,UPLOAD,5,,',
    ].join('\n'),
    types: ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN', 'TEXT', 'UPLOAD'],
  },
  gift: {
    file: 'questions.gift',
    text: [
      '// A GIFT file',
      '::Q1:: What is 7 times 8? {~54 =56 ~58}',
      '',
      '::Q2:: Which are prime? {~%50%2 ~%-100%4 ~%50%5 ~%-100%9}',
      '',
      '::Q3:: Zero is even. {TRUE}',
      '',
      '::Q4:: Explain place value. {}',
    ].join('\n'),
    types: ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN', 'TEXT'],
  },
  'moodle-xml': {
    file: 'questions.xml',
    text: `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/Maths</text></category></question>
  <question type="multichoice">
    <name><text>Q1</text></name>
    <questiontext format="html"><text><![CDATA[<p>What is 7 times 8?</p>]]></text></questiontext>
    <defaultgrade>2</defaultgrade>
    <single>true</single>
    <answer fraction="0"><text>54</text></answer>
    <answer fraction="100"><text>56</text></answer>
  </question>
  <question type="truefalse">
    <name><text>Q2</text></name>
    <questiontext format="html"><text>Zero is even.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="essay">
    <name><text>Q3</text></name>
    <questiontext format="html"><text>Explain place value.</text></questiontext>
    <defaultgrade>4</defaultgrade>
  </question>
</quiz>`,
    types: ['SINGLE_CHOICE', 'BOOLEAN', 'TEXT'],
  },
  aiken: {
    file: 'questions.txt',
    text: [
      'What is 7 times 8?',
      'A. 54',
      'B. 56',
      'C. 58',
      'ANSWER: B',
      '',
      'Which planet is largest?',
      'A) Mars',
      'B) Jupiter',
      'ANSWER: B',
    ].join('\n'),
    types: ['SINGLE_CHOICE', 'SINGLE_CHOICE'],
  },
};

/** One broken file per format: a good question and one the importer must refuse on its line. */
/** The line of the problem each broken file must be reported on. */
const BROKEN: Record<string, { file: string; text: string; line: number }> = {
  csv: {
    file: 'broken.csv',
    text: ['question,type,marks,options,correct', 'Fine?,BOOLEAN,1,,A', 'Odd one,ESSAY,1,,'].join('\n'),
    line: 3,
  },
  gift: {
    file: 'broken.gift',
    text: ['::Q1:: Fine? {TRUE}', '', '::Q2:: Match them {=cat -> meow =dog -> woof =cow -> moo}'].join('\n'),
    line: 3,
  },
  'moodle-xml': {
    file: 'broken.xml',
    text: `<?xml version="1.0"?>
<quiz>
  <question type="truefalse"><name><text>Q1</text></name><questiontext><text>Fine?</text></questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
  <question type="numerical"><name><text>Q2</text></name><questiontext><text>2 + 2?</text></questiontext>
    <answer fraction="100"><text>4</text></answer></question>
</quiz>`,
    line: 5,
  },
  aiken: {
    file: 'broken.txt',
    text: ['Fine?', 'A. Yes', 'B. No', 'ANSWER: A', '', 'No answer line', 'A. One', 'B. Two'].join('\n'),
    line: 6,
  },
};

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
  history = await createTaughtSubject(t, { institutionId: school.institution.id, batchId: school.batch.id });
});
afterAll(() => t.close());

const draft = (batchSubjectId = maths.batchSubject.id) =>
  createAssessmentRow(t, { institutionId: school.institution.id, batchSubjectId });

const storedQuestions = (assessmentId: string) =>
  t.db.select().from(questions).where(eq(questions.assessmentId, assessmentId));
const storedStatus = async (assessmentId: string) =>
  (await t.db.select().from(assessments).where(eq(assessments.id, assessmentId)))[0]!.status;

describe('each format', () => {
  for (const [format, good] of Object.entries(GOOD)) {
    it(`${format}: previews without writing, then imports all and the draft becomes LIVE`, async () => {
      const row = await draft();
      const csv_url = await uploadFile(t, school.tokens.faculty, good.file, good.text);
      const preview = await send('/api/assessment-questions/preview', school.tokens.faculty, {
        csv_url,
        assessment_id: row.id,
      });
      expect(preview.statusCode).toBe(200);
      const parsed: QuestionFilePreview = preview.json().data;
      expect(parsed.format).toBe(format);
      expect(parsed.errors).toEqual([]);
      expect(parsed.questions.map((question) => question.type)).toEqual(good.types);
      expect(await storedQuestions(row.id)).toHaveLength(0);

      const imported = await send('/api/assessment-questions/csv', school.tokens.faculty, {
        csv_url,
        assessment_id: row.id,
      });
      expect(imported.statusCode).toBe(201);
      const { assessment, questions: list } = imported.json().data as {
        assessment: { status: string; questions_count: number };
        questions: Question[];
      };
      expect(assessment).toMatchObject({ status: 'LIVE', questions_count: good.types.length });
      expect(list.map((question) => question.type)).toEqual(good.types);
      const single = list.find((question) => question.type === 'SINGLE_CHOICE')!;
      expect(single.answers.filter((option) => option.correct).map((option) => option.title)).toEqual(['56']);
      expect(list.map((question) => question.position)).toEqual(good.types.map((_, index) => index + 1));
    });

    it(`${format}: a broken file is previewed with its problems and imports nothing`, async () => {
      const broken = BROKEN[format]!;
      const row = await draft();
      const csv_url = await uploadFile(t, school.tokens.moderator, broken.file, broken.text);
      const preview = await send('/api/assessment-questions/preview', school.tokens.moderator, { csv_url });
      expect(preview.statusCode).toBe(200);
      const parsed: QuestionFilePreview = preview.json().data;
      expect(parsed.errors.length).toBeGreaterThan(0);
      expect(parsed.errors.map((error) => error.line)).toContain(broken.line);
      // The good question before it is still read, but nothing is imported.
      expect(parsed.questions).toHaveLength(1);

      const imported = await send('/api/assessment-questions/csv', school.tokens.moderator, {
        csv_url,
        assessment_id: row.id,
      });
      expect(imported.statusCode).toBe(400);
      expect(imported.json().error.message).toBe(
        MESSAGES.questionFileRejected.replace('{count}', String(parsed.errors.length)),
      );
      expect(Object.keys(imported.json().error.fields)).toContain(`line ${broken.line}`);
      expect(await storedQuestions(row.id)).toHaveLength(0);
      expect(await storedStatus(row.id)).toBe('DRAFTED');

      // Asked to, after the preview, it writes the good question and leaves out the reported one.
      const skipping = await send('/api/assessment-questions/csv', school.tokens.moderator, {
        csv_url,
        assessment_id: row.id,
        skip_problems: true,
      });
      expect(skipping.statusCode).toBe(201);
      expect(await storedQuestions(row.id)).toHaveLength(1);
      expect(await storedStatus(row.id)).toBe('LIVE');
    });
  }
});

describe('a grade Moodle itself refuses', () => {
  it('is a warning of the preview, by line and question, and the question imports as previewed', async () => {
    const row = await draft();
    const bank = `<?xml version="1.0"?>
<quiz>
  <question type="multichoice"><questiontext><text>Primes?</text></questiontext><single>false</single>
    <answer fraction="33"><text>2</text></answer><answer fraction="33.33333"><text>3</text></answer>
    <answer fraction="-50"><text>4</text></answer></question>
</quiz>`;
    const csv_url = await uploadFile(t, school.tokens.faculty, 'bank.xml', bank);
    expect(csv_url).toMatch(/-bank\.xml$/);
    const preview = await send('/api/assessment-questions/preview', school.tokens.faculty, { csv_url });
    expect(preview.statusCode).toBe(200);
    const parsed: QuestionFilePreview = preview.json().data;
    expect(parsed.errors).toEqual([]);
    // The importer's warning (its words are checked in moodle-xml.test.ts), on option A only.
    expect(parsed.warnings).toEqual(parseQuestionFile(bank).warnings);
    expect(parsed.warnings).toMatchObject([
      { line: 3, question: 1, message: expect.stringMatching(/^Option A: 33%/) },
    ]);
    const imported = await send('/api/assessment-questions/csv', school.tokens.faculty, {
      csv_url,
      assessment_id: row.id,
    });
    expect(imported.statusCode).toBe(201);
    const [question] = imported.json().data.questions as Question[];
    expect(question!.answers.map((option) => option.correct)).toEqual([true, true, false]);
  });
});

describe('POST /api/assessment-questions/csv', () => {
  it('replaces the questions of an earlier import instead of adding to them', async () => {
    const row = await draft();
    const first = await uploadFile(t, school.tokens.faculty, 'first.csv', GOOD.csv!.text);
    const second = await uploadFile(t, school.tokens.faculty, 'second.gift', GOOD.gift!.text);
    expect(
      (
        await send('/api/assessment-questions/csv', school.tokens.faculty, {
          csv_url: first,
          assessment_id: row.id,
        })
      ).statusCode,
    ).toBe(201);
    const again = await send('/api/assessment-questions/csv', school.tokens.faculty, {
      csv_url: second,
      assessment_id: row.id,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.questions).toHaveLength(GOOD.gift!.types.length);
    expect(await storedQuestions(row.id)).toHaveLength(GOOD.gift!.types.length);
    // Only the new questions' options remain: 3 + 4 + True/False + none for the essay.
    const options = await t.db
      .select({ id: questionOptions.id })
      .from(questionOptions)
      .innerJoin(questions, eq(questions.id, questionOptions.questionId))
      .where(eq(questions.assessmentId, row.id));
    expect(options).toHaveLength(9);
  });

  it('refuses to replace questions once a student started, or once past due or canceled (409)', async () => {
    const csv_url = await uploadFile(t, school.tokens.moderator, 'q.csv', GOOD.csv!.text);
    const started = await draft();
    await createAttemptRow(t, {
      institutionId: school.institution.id,
      assessmentId: started.id,
      studentId: school.accounts.student.entityId,
    });
    const pastDue = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      status: 'LIVE',
      startDate: new Date('2026-11-20T06:00:00Z'),
      dueDate: new Date('2026-11-20T08:00:00Z'),
    });
    const canceled = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      status: 'CANCELED',
    });
    for (const [row, message] of [
      [started, MESSAGES.assessmentQuestionsFrozen],
      [pastDue, MESSAGES.assessmentPastDue],
      [canceled, 'This assessment is CANCELED and can no longer be changed.'],
    ] as const) {
      const response = await send('/api/assessment-questions/csv', school.tokens.moderator, {
        csv_url,
        assessment_id: row.id,
      });
      expect(response.statusCode, message).toBe(409);
      expect(response.json().error.message).toBe(message);
      expect(await storedQuestions(row.id)).toHaveLength(0);
    }
  });

  it('answers 403 for a batch subject the faculty member does not teach, 404 for another institution', async () => {
    const csv_url = await uploadFile(t, school.tokens.faculty, 'q.csv', GOOD.csv!.text);
    const notTaught = await draft(history.batchSubject.id);
    const refused = await send('/api/assessment-questions/csv', school.tokens.faculty, {
      csv_url,
      assessment_id: notTaught.id,
    });
    expect(refused.statusCode).toBe(403);
    const preview = await send('/api/assessment-questions/preview', school.tokens.faculty, {
      csv_url,
      assessment_id: notTaught.id,
    });
    expect(preview.statusCode).toBe(403);
    const theirs = await createAssessmentRow(t, {
      institutionId: other.institution.id,
      batchSubjectId: (
        await createTaughtSubject(t, { institutionId: other.institution.id, batchId: other.batch.id })
      ).batchSubject.id,
    });
    const foreign = await send('/api/assessment-questions/csv', school.tokens.moderator, {
      csv_url,
      assessment_id: theirs.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await storedQuestions(notTaught.id)).toHaveLength(0);
    expect(await storedQuestions(theirs.id)).toHaveLength(0);
  });

  it('reads only files of the portal the caller may read; a moderator may use a teacher’s upload', async () => {
    const row = await draft();
    const moderatorsFile = await uploadFile(t, school.tokens.moderator, 'm.csv', GOOD.csv!.text);
    const theirFile = await uploadFile(t, other.tokens.moderator, 't.csv', GOOD.csv!.text);
    for (const csv_url of [
      moderatorsFile,
      theirFile,
      'https://example.com/q.csv',
      'file:///etc/passwd',
      '',
    ]) {
      const response = await send('/api/assessment-questions/csv', school.tokens.faculty, {
        csv_url,
        assessment_id: row.id,
      });
      expect(response.statusCode, csv_url).toBe(400);
      expect(response.json().error.fields.csv_url).toBe(
        csv_url ? MESSAGES.questionFileNotOwnFile : MESSAGES.fillTheUrl,
      );
    }
    expect(await storedQuestions(row.id)).toHaveLength(0);
    const teachersFile = await uploadFile(t, school.tokens.faculty, 'f.csv', GOOD.csv!.text);
    const byModerator = await send('/api/assessment-questions/csv', school.tokens.moderator, {
      csv_url: teachersFile,
      assessment_id: row.id,
    });
    expect(byModerator.statusCode).toBe(201);
  });

  it('refuses a file without questions', async () => {
    const row = await draft();
    const csv_url = await uploadFile(
      t,
      school.tokens.faculty,
      'empty.csv',
      'question,type,marks,options,correct\n',
    );
    const response = await send('/api/assessment-questions/csv', school.tokens.faculty, {
      csv_url,
      assessment_id: row.id,
    });
    expect(response.statusCode).toBe(400);
    expect(await storedStatus(row.id)).toBe('DRAFTED');
  });

  it('refuses an unreadable file even when asked to skip the problems', async () => {
    const row = await draft();
    const csv_url = await uploadFile(
      t,
      school.tokens.faculty,
      'notes.txt',
      'Just some notes, no questions here.',
    );
    const response = await send('/api/assessment-questions/csv', school.tokens.faculty, {
      csv_url,
      assessment_id: row.id,
      skip_problems: true,
    });
    expect(response.statusCode).toBe(400);
    expect(await storedQuestions(row.id)).toHaveLength(0);
  });
});

describe('a topic’s self assessment from a file', () => {
  it('imports choice and true/false questions only, all or nothing, and sets the topic’s flag', async () => {
    const topicId = maths.topics[0]!.id;
    const withEssay = await uploadFile(t, school.tokens.faculty, 'essay.gift', GOOD.gift!.text);
    const preview = await send(`/api/topics/${topicId}/self-assessment/preview`, school.tokens.faculty, {
      csv_url: withEssay,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.errors.map((error: { line: number }) => error.line)).toEqual([8]);
    const refused = await send(`/api/topics/${topicId}/self-assessment`, school.tokens.faculty, {
      csv_url: withEssay,
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.db.select().from(topics).where(eq(topics.id, topicId)))[0]!.selfAssessment).toBe(false);

    const choices = ['::Q1:: 7 times 8? {~54 =56}', '', '::Q2:: Zero is even. {T}'].join('\n');
    const csv_url = await uploadFile(t, school.tokens.faculty, 'self.gift', choices);
    const imported = await send(`/api/topics/${topicId}/self-assessment`, school.tokens.faculty, { csv_url });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().data.self_assessment).toBe(true);
    expect(imported.json().data.questions.map((question: Question) => question.type)).toEqual([
      'SINGLE_CHOICE',
      'BOOLEAN',
    ]);
    const forStudent = await t.app.inject({
      method: 'GET',
      url: `/api/self-assessments/topic-id/${topicId}`,
      headers: bearer(school.tokens.student),
    });
    expect(forStudent.json().data.questions).toHaveLength(2);
    const notTaught = await send(
      `/api/topics/${history.topics[0]!.id}/self-assessment`,
      school.tokens.faculty,
      {
        csv_url,
      },
    );
    expect(notTaught.statusCode).toBe(403);
  });
});

describe('a draw (decision 39)', () => {
  it('refuses a paper with fewer questions than the assessment draws, and takes one with enough', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      settings: { drawCount: 3 },
    });
    const two = 'question,type,marks,options,correct\nOne?,BOOLEAN,1,,A\nTwo?,BOOLEAN,1,,B\n';
    const small = await uploadFile(t, school.tokens.faculty, 'two.csv', two);
    const refused = await send('/api/assessment-questions/csv', school.tokens.faculty, {
      csv_url: small,
      assessment_id: row.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MESSAGES.examDrawMoreThanPaper.replace('{count}', '2'));
    expect(await storedQuestions(row.id)).toHaveLength(0);
    const enough = await uploadFile(t, school.tokens.faculty, 'three.csv', `${two}Three?,BOOLEAN,1,,A\n`);
    const imported = await send('/api/assessment-questions/csv', school.tokens.faculty, {
      csv_url: enough,
      assessment_id: row.id,
    });
    expect(imported.statusCode).toBe(201);
  });
});

import { randomUUID } from 'node:crypto';
import type { SelfAssessmentResultQuestion } from '@portal/shared';
import type {
  assessments,
  examAnswers,
  examAttempts,
  questionOptions,
  questions,
  selfAssessmentResults,
} from '../schema/index.js';
import type { DemoBatch } from './demo-curriculum.js';

type QuestionType = (typeof questions.$inferInsert)['type'];

/** A demo question: its options with the right ones marked (`*` at the start), none for TEXT and UPLOAD. */
interface DemoQuestion {
  title: string;
  type: QuestionType;
  marks: number;
  options?: string[];
}

const BOOLEAN = (right: 'True' | 'False') => (right === 'True' ? ['*True', 'False'] : ['True', '*False']);

/** Examination papers, each with a question of every type (decision 18). */
const PAPERS = {
  triangles: [
    {
      title: 'In a right triangle the two shorter sides are 6 cm and 8 cm. How long is the hypotenuse?',
      type: 'SINGLE_CHOICE',
      marks: 1,
      options: ['9 cm', '*10 cm', '12 cm', '14 cm'],
    },
    {
      title: 'Which of these are Pythagorean triples?',
      type: 'MULTIPLE_CHOICE',
      marks: 2,
      options: ['*3, 4, 5', '*5, 12, 13', '4, 5, 6', '*8, 15, 17'],
    },
    { title: 'All equilateral triangles are similar.', type: 'BOOLEAN', marks: 1, options: BOOLEAN('True') },
    { title: 'State the converse of the Pythagoras theorem in your own words.', type: 'TEXT', marks: 3 },
    {
      title: 'Prove the Pythagoras theorem using similar triangles. Upload your written answer sheet.',
      type: 'UPLOAD',
      marks: 5,
    },
  ],
  quadratics: [
    {
      title: 'How many roots does x² − 4x + 4 = 0 have?',
      type: 'SINGLE_CHOICE',
      marks: 1,
      options: ['None', '*One repeated root', 'Two distinct roots'],
    },
    {
      title: 'Which of these are roots of x² − 5x + 6 = 0?',
      type: 'MULTIPLE_CHOICE',
      marks: 2,
      options: ['*2', '*3', '5', '6'],
    },
    {
      title: 'A quadratic equation can have three real roots.',
      type: 'BOOLEAN',
      marks: 1,
      options: BOOLEAN('False'),
    },
    { title: 'Explain what the discriminant tells you about the roots.', type: 'TEXT', marks: 3 },
    {
      title: 'Solve 2x² + 7x + 3 = 0 by completing the square on paper and upload it.',
      type: 'UPLOAD',
      marks: 5,
    },
  ],
  motion: [
    {
      title: 'What is the SI unit of force?',
      type: 'SINGLE_CHOICE',
      marks: 1,
      options: ['Joule', '*Newton', 'Watt', 'Pascal'],
    },
    {
      title: 'Which of these quantities are vectors?',
      type: 'MULTIPLE_CHOICE',
      marks: 2,
      options: ['*Velocity', 'Speed', '*Force', 'Mass'],
    },
    {
      title: 'An object at rest stays at rest unless a net force acts on it.',
      type: 'BOOLEAN',
      marks: 1,
      options: BOOLEAN('True'),
    },
    { title: 'Describe an everyday example of Newton’s third law.', type: 'TEXT', marks: 3 },
    {
      title: 'Draw the forces acting on a book resting on a table and upload your drawing.',
      type: 'UPLOAD',
      marks: 4,
    },
  ],
  polynomials: [
    {
      title: 'What is the degree of 3x³ − 2x + 7?',
      type: 'SINGLE_CHOICE',
      marks: 1,
      options: ['1', '2', '*3', '7'],
    },
    {
      title: 'Which of these are zeroes of x² − 1?',
      type: 'MULTIPLE_CHOICE',
      marks: 2,
      options: ['*1', '*−1', '0', '2'],
    },
    {
      title: 'Every linear polynomial has exactly one zero.',
      type: 'BOOLEAN',
      marks: 1,
      options: BOOLEAN('True'),
    },
    { title: 'Write a polynomial of degree 2 whose zeroes are 2 and 5.', type: 'TEXT', marks: 2 },
    { title: 'Plot y = x² − 4 on graph paper and upload it.', type: 'UPLOAD', marks: 4 },
  ],
  plants: [
    {
      title: 'What do plants take in through their roots?',
      type: 'SINGLE_CHOICE',
      marks: 1,
      options: ['Oxygen only', '*Water and minerals', 'Sunlight'],
    },
    {
      title: 'Which of these are kharif crops?',
      type: 'MULTIPLE_CHOICE',
      marks: 2,
      options: ['*Paddy', '*Maize', 'Wheat', 'Mustard'],
    },
    { title: 'Manure adds humus to the soil.', type: 'BOOLEAN', marks: 1, options: BOOLEAN('True') },
    { title: 'Why do farmers rotate crops?', type: 'TEXT', marks: 2 },
    { title: 'Draw and label the parts of a plant and upload your drawing.', type: 'UPLOAD', marks: 4 },
  ],
} satisfies Record<string, DemoQuestion[]>;

/** Self assessments: auto-scored types only, on topics the demo students read. */
const SELF_ASSESSMENTS: { topic: string; questions: DemoQuestion[] }[] = [
  {
    topic: 'The Pythagoras theorem',
    questions: [
      {
        title: 'Which side of a right triangle is the hypotenuse?',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: ['The shortest side', '*The side opposite the right angle', 'Any side'],
      },
      {
        title: 'Which of these triangles are right-angled?',
        type: 'MULTIPLE_CHOICE',
        marks: 1,
        options: ['*Sides 3, 4, 5', 'Sides 2, 3, 4', '*Sides 6, 8, 10'],
      },
      { title: 'In a right triangle, a² + b² = c².', type: 'BOOLEAN', marks: 1, options: BOOLEAN('True') },
    ],
  },
  {
    topic: 'Pythagorean triples',
    questions: [
      {
        title: 'Which of these is a Pythagorean triple?',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: ['2, 3, 4', '*5, 12, 13', '6, 7, 8'],
      },
      {
        title: 'Multiplying every number of a triple by 2 gives another triple.',
        type: 'BOOLEAN',
        marks: 1,
        options: BOOLEAN('True'),
      },
    ],
  },
  {
    topic: 'Newton’s second law of motion',
    questions: [
      {
        title: 'Force equals mass times …',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: ['velocity', '*acceleration', 'distance'],
      },
      {
        title: 'Which of these change when a net force acts on a moving body?',
        type: 'MULTIPLE_CHOICE',
        marks: 1,
        options: ['*Its speed or direction', '*Its momentum', 'Its mass'],
      },
      {
        title: 'Doubling the force on the same mass doubles its acceleration.',
        type: 'BOOLEAN',
        marks: 1,
        options: BOOLEAN('True'),
      },
    ],
  },
  {
    topic: 'Polynomials and their degree',
    questions: [
      {
        title: 'What is the degree of a constant polynomial such as 7?',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: ['*0', '1', '7'],
      },
      { title: 'x² + 1/x is a polynomial.', type: 'BOOLEAN', marks: 1, options: BOOLEAN('False') },
    ],
  },
];

/** Which self assessment `student` has already taken, and what they chose (the option titles). */
const TAKEN = {
  topic: 'The Pythagoras theorem',
  choices: [['The side opposite the right angle'], ['Sides 3, 4, 5'], ['True']],
};

type Author = { userId: string; name: string };

export interface DemoAssessmentInput {
  institutionId: string;
  now: Date;
  /** The batch subject of a subject (by title) in a batch. */
  batchSubjectOf: (batch: DemoBatch, subject: string) => string;
  /** A topic (by its unique title). */
  topicIdOf: (title: string) => string;
  authors: { faculty: Author; faculty2: Author; moderator: Author };
  /** The stored question paper of the triangles test. */
  paperUrl: string;
  /** The demo student who has taken a self assessment, in the batch subject of its topic. */
  taker: { studentId: string; batchSubjectId: string };
  /** Students of Class 10 A who sat its past examinations, `student` first. */
  examinees: string[];
  /** The stored answer sheet an examinee uploaded for the upload questions of their papers. */
  answerSheetOf: (studentId: string) => string;
}

export interface DemoAssessmentRows {
  assessments: (typeof assessments.$inferInsert)[];
  questions: (typeof questions.$inferInsert)[];
  options: (typeof questionOptions.$inferInsert)[];
  /** Topics that get `self_assessment: true`. */
  selfAssessmentTopicIds: string[];
  results: (typeof selfAssessmentResults.$inferInsert)[];
  attempts: (typeof examAttempts.$inferInsert)[];
  answers: (typeof examAnswers.$inferInsert)[];
}

const STEP = 15 * 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Assessments in every state for the demo batches (a draft, one live now with a question paper,
 * upcoming ones, a closed one and a canceled one), each paper holding every question type; self
 * assessments on four topics, one already taken by `student`.
 */
export function demoAssessmentRows(input: DemoAssessmentInput): DemoAssessmentRows {
  const { institutionId, authors } = input;
  const rows: DemoAssessmentRows = {
    assessments: [],
    questions: [],
    options: [],
    selfAssessmentTopicIds: [],
    results: [],
    attempts: [],
    answers: [],
  };
  // Times on the pickers' 15-minute steps, around the seed's now.
  const slot = Math.floor(input.now.getTime() / STEP) * STEP;
  const at = (offset: number) => new Date(slot + offset);
  const created = at(-3 * DAY);

  /** Writes the questions and options; answers them with their ids for a result snapshot. */
  function addQuestions(owner: { assessmentId?: string; topicId?: string }, list: DemoQuestion[]) {
    return list.map((question, index) => {
      const questionId = randomUUID();
      rows.questions.push({
        id: questionId,
        institutionId,
        assessmentId: owner.assessmentId ?? null,
        topicId: owner.topicId ?? null,
        position: index + 1,
        title: question.title,
        type: question.type,
        weightage: question.marks,
        createdAt: created,
      });
      const options = (question.options ?? []).map((option, position) => {
        const optionId = randomUUID();
        const title = option.replace(/^\*/, '');
        rows.options.push({
          id: optionId,
          questionId,
          position: position + 1,
          title,
          correct: option.startsWith('*'),
        });
        return { _id: optionId, title, position: position + 1, correct: option.startsWith('*') };
      });
      return { questionId, question, options };
    });
  }

  /**
   * Every examinee's submitted attempt: choice answers scored and assessed (decision 20), TEXT and
   * UPLOAD unassessed, or marked by `faculty` when `evaluated`. Who answers what right varies
   * by student and question, so the marks report has some of every kind.
   */
  function addSittings(
    assessmentId: string,
    made: ReturnType<typeof addQuestions>,
    start: Date,
    due: Date,
    evaluated: boolean,
  ) {
    for (const [index, studentId] of input.examinees.entries()) {
      const attemptId = randomUUID();
      const submittedAt = new Date(start.getTime() + (20 + index) * 60_000);
      rows.attempts.push({
        id: attemptId,
        institutionId,
        assessmentId,
        studentId,
        startedAt: new Date(start.getTime() + index * 60_000),
        submittedAt: submittedAt < due ? submittedAt : due,
        createdAt: start,
        updatedAt: submittedAt,
      });
      for (const [number, { questionId, question, options }] of made.entries()) {
        const right = (index + number) % 3 !== 0;
        const chosen = right
          ? options.filter((option) => option.correct)
          : options.filter((option) => !option.correct).slice(0, 1);
        const choice = options.length > 0;
        const manual = evaluated && !choice;
        const uploadMarks = right ? Math.max(question.marks - (index % 2), 0) : 1;
        rows.answers.push({
          attemptId,
          questionId,
          optionIds: chosen.map((option) => option._id),
          answerText: question.type === 'TEXT' ? (right ? 'A full, well-argued answer.' : 'Not sure.') : null,
          fileUrls: question.type === 'UPLOAD' ? [input.answerSheetOf(studentId)] : [],
          updatedAt: submittedAt,
          assessed: evaluated || choice,
          correct: choice || manual ? right : null,
          scoredPoint: choice
            ? right
              ? question.marks
              : 0
            : manual
              ? question.type === 'UPLOAD'
                ? uploadMarks
                : right
                  ? question.marks
                  : 0
              : null,
          assessorUserId: evaluated ? authors.faculty.userId : null,
          assessedAt: evaluated ? new Date(due.getTime() + DAY) : null,
        });
      }
    }
  }

  const exams: {
    title: string;
    batch: DemoBatch;
    subject: string;
    author: Author;
    start: number;
    due: number;
    status: 'DRAFTED' | 'LIVE' | 'CANCELED' | 'EVOLUTED';
    paper?: keyof typeof PAPERS;
    withPaperFile?: boolean;
    /** Sat by the examinees: awaiting evaluation, or evaluated by `faculty`. */
    sat?: 'awaiting' | 'evaluated';
  }[] = [
    // Live now: started an hour ago, due in two days; with its question paper.
    {
      title: 'Unit Test: Triangles',
      batch: 'Class 10 A',
      subject: 'Mathematics',
      author: authors.faculty,
      start: -HOUR,
      due: 2 * DAY,
      status: 'LIVE',
      paper: 'triangles',
      withPaperFile: true,
    },
    {
      title: 'Quadratic Equations Quiz',
      batch: 'Class 10 A',
      subject: 'Mathematics',
      author: authors.faculty,
      start: 3 * DAY,
      due: 3 * DAY + HOUR,
      status: 'LIVE',
      paper: 'quadratics',
    },
    {
      title: 'Statistics Assignment',
      batch: 'Class 10 A',
      subject: 'Mathematics',
      author: authors.faculty,
      start: 6 * DAY,
      due: 7 * DAY,
      status: 'DRAFTED',
    },
    // Closed: LIVE with its due date passed (decision 19); its submissions await `faculty`.
    {
      title: 'Force and Motion Test',
      batch: 'Class 10 A',
      subject: 'Physics',
      author: authors.faculty2,
      start: -2 * DAY,
      due: -2 * DAY + HOUR,
      status: 'LIVE',
      paper: 'motion',
      sat: 'awaiting',
    },
    // Evaluated: the students see their results.
    {
      title: 'Real Numbers Test',
      batch: 'Class 10 A',
      subject: 'Mathematics',
      author: authors.faculty,
      start: -5 * DAY,
      due: -5 * DAY + HOUR,
      status: 'EVOLUTED',
      paper: 'quadratics',
      sat: 'evaluated',
    },
    {
      title: 'Electricity Surprise Test',
      batch: 'Class 10 A',
      subject: 'Physics',
      author: authors.moderator,
      start: DAY,
      due: DAY + HOUR,
      status: 'CANCELED',
      paper: 'motion',
    },
    {
      title: 'Polynomials Test',
      batch: 'Class 9 A',
      subject: 'Mathematics',
      author: authors.faculty,
      start: 2 * DAY,
      due: 2 * DAY + HOUR,
      status: 'LIVE',
      paper: 'polynomials',
    },
    {
      title: 'Crop Production Quiz',
      batch: 'Class 8 A',
      subject: 'Science',
      author: authors.faculty2,
      start: -HOUR,
      due: DAY,
      status: 'LIVE',
      paper: 'plants',
    },
  ];
  for (const exam of exams) {
    const assessmentId = randomUUID();
    rows.assessments.push({
      id: assessmentId,
      institutionId,
      batchSubjectId: input.batchSubjectOf(exam.batch, exam.subject),
      authorUserId: exam.author.userId,
      authorName: exam.author.name,
      title: exam.title,
      description: `${exam.subject} for ${exam.batch}. Answer every question; the marks are shown with each.`,
      startDate: at(exam.start),
      dueDate: at(exam.due),
      paperUrl: exam.withPaperFile ? input.paperUrl : null,
      status: exam.status,
      createdAt: created,
      updatedAt: created,
    });
    if (!exam.paper) continue;
    const made = addQuestions({ assessmentId }, PAPERS[exam.paper]);
    if (exam.sat) addSittings(assessmentId, made, at(exam.start), at(exam.due), exam.sat === 'evaluated');
  }

  for (const self of SELF_ASSESSMENTS) {
    const topicId = input.topicIdOf(self.topic);
    rows.selfAssessmentTopicIds.push(topicId);
    const made = addQuestions({ topicId }, self.questions);
    if (self.topic !== TAKEN.topic) continue;
    const answers: SelfAssessmentResultQuestion[] = made.map(({ questionId, question, options }, index) => {
      const chosen = options.filter((option) => TAKEN.choices[index]!.includes(option.title));
      const right = options.filter((option) => option.correct);
      const correct =
        chosen.length === right.length && chosen.every((option) => right.some((r) => r._id === option._id));
      return {
        question_id: questionId,
        title: question.title,
        type: question.type as SelfAssessmentResultQuestion['type'],
        weightage: question.marks,
        scored_point: correct ? question.marks : 0,
        correct,
        submitted_answer_ids: chosen.map((option) => option._id),
        correct_answer_ids: right.map((option) => option._id),
        answers: options.map(({ _id, title, position }) => ({ _id, title, position })),
      };
    });
    rows.results.push({
      institutionId,
      studentId: input.taker.studentId,
      topicId,
      batchSubjectId: input.taker.batchSubjectId,
      scoredPoint: answers.reduce((sum, answer) => sum + answer.scored_point, 0),
      totalPoint: answers.reduce((sum, answer) => sum + answer.weightage, 0),
      questionsCount: answers.length,
      answers,
      createdAt: at(-DAY + 2 * HOUR),
    });
  }
  return rows;
}

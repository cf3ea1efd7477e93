import { randomUUID } from 'node:crypto';
import type { doubtResponses, doubts, impressions, notes, timeSpent } from '../schema/index.js';

/** A batch subject of the demo student's batch, as the seed built it. */
export interface DemoReadable {
  batchSubjectId: string;
  /** Visible topics in curriculum order. */
  topics: { id: string; title: string }[];
  /** Who teaches it (faculty record and login), first the one who answers doubts. */
  teachers: { facultyId: string; userId: string; name: string }[];
}

export interface DemoLearningInput {
  institutionId: string;
  reader: { studentId: string };
  classmate: { studentId: string };
  /** The reader's batch subjects, the ones the demo faculty member teaches first. */
  readable: DemoReadable[];
  /** Topics on today's plan stay unread, so the home's New Topics tab has something to show. */
  plannedToday: Set<string>;
  /** `YYYY-MM-DD` days before today, most recent first. */
  pastDays: string[];
  at: (day: string, hour: number) => Date;
}

export interface DemoLearningRows {
  impressions: (typeof impressions.$inferInsert)[];
  timeSpent: (typeof timeSpent.$inferInsert)[];
  notes: (typeof notes.$inferInsert)[];
  doubts: (typeof doubts.$inferInsert)[];
  responses: (typeof doubtResponses.$inferInsert)[];
}

const NOTE_TEXTS = [
  'Revise the worked example before the class test.',
  'Key idea: write the formula first, then substitute the values.',
];

const DOUBTS = [
  {
    text: 'Can you explain this once more with a simpler example?',
    reply: 'Start from the definition in the description, then try the first solved example step by step.',
  },
  { text: 'Why does the second step work? I do not see where it comes from.', reply: null },
  {
    text: 'Is this part important for the exam?',
    reply: 'Yes. Practise the questions at the end of the chapter.',
  },
];

/**
 * What a demo student has already done, so a first look shows real progress: topics read over the
 * last days (with time spent), notes, and doubts, most answered by their teacher.
 */
export function demoLearningRows(input: DemoLearningInput): DemoLearningRows {
  const { institutionId, reader, classmate, pastDays, at } = input;
  const rows: DemoLearningRows = { impressions: [], timeSpent: [], notes: [], doubts: [], responses: [] };
  // Read: the first three topics of the first subject and two of the second, a day apart.
  const read = input.readable.slice(0, 2).flatMap((subject, index) =>
    subject.topics
      .filter((topic) => !input.plannedToday.has(topic.id))
      .slice(0, index === 0 ? 3 : 2)
      .map((topic) => ({ subject, topic })),
  );
  read.forEach(({ subject, topic }, index) => {
    const day = pastDays[index % pastDays.length]!;
    const viewedAt = at(day, 16 + (index % 4));
    rows.impressions.push({
      institutionId,
      studentId: reader.studentId,
      topicId: topic.id,
      batchSubjectId: subject.batchSubjectId,
      viewDate: day,
      viewCount: 1 + (index % 2),
      firstViewedAt: viewedAt,
      lastViewedAt: viewedAt,
    });
    rows.timeSpent.push({
      institutionId,
      studentId: reader.studentId,
      contentType: 'topics',
      contentId: topic.id,
      batchSubjectId: subject.batchSubjectId,
      day,
      minutes: 4 + ((index * 3) % 9),
      updatedAt: viewedAt,
    });
  });

  read.slice(0, NOTE_TEXTS.length).forEach(({ subject, topic }, index) => {
    const writtenAt = at(pastDays[index % pastDays.length]!, 17);
    rows.notes.push({
      institutionId,
      studentId: reader.studentId,
      topicId: topic.id,
      batchSubjectId: subject.batchSubjectId,
      noteText: NOTE_TEXTS[index]!,
      createdAt: writtenAt,
      updatedAt: writtenAt,
    });
  });

  const asked = read.slice(0, DOUBTS.length);
  asked.forEach(({ subject, topic }, index) => {
    const doubt = DOUBTS[index]!;
    const askedAt = at(pastDays[index % pastDays.length]!, 18);
    const doubtId = randomUUID();
    // The last doubt is the classmate's: the demo student sees it as 'Anonymous'.
    const studentId = index === DOUBTS.length - 1 ? classmate.studentId : reader.studentId;
    rows.doubts.push({
      id: doubtId,
      institutionId,
      studentId,
      topicId: topic.id,
      batchSubjectId: subject.batchSubjectId,
      doubtText: doubt.text,
      createdAt: askedAt,
      updatedAt: askedAt,
    });
    const teacher = subject.teachers[0];
    if (doubt.reply && teacher) {
      const repliedAt = new Date(askedAt.getTime() + 2 * 3_600_000);
      rows.responses.push({
        institutionId,
        doubtId,
        authorUserId: teacher.userId,
        authorRole: 'faculty',
        authorName: teacher.name,
        responseText: doubt.reply,
        createdAt: repliedAt,
        updatedAt: repliedAt,
      });
    }
  });
  return rows;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { TEACHER_ROLES } from '../doubts.policy.js';

/** Where a passage comes from: a topic's description, the asker's own note, or an answered doubt. */
export type PassageKind = 'topic' | 'note' | 'doubt';

export interface Passage extends Record<string, unknown> {
  kind: PassageKind;
  topic_id: string;
  topic_title: string;
  chapter_id: string;
  chapter_title: string;
  /** The passage's whole text: a description, a note, or the teachers' replies to a doubt. */
  body: string;
  /** Up to two of its sentences that hit the question best, in their order; null when none does. */
  excerpt: string | null;
  /** Relevance (ts_rank, raised for the topic asked from); only comparable within one answer. */
  score: number;
}

/** What an answer may draw on: one batch subject's subject, in one institution. */
export interface RetrievalScope {
  institutionId: string;
  subjectId: string;
  batchSubjectId: string;
  /** The asking student, whose own notes are searched; null for teachers (notes are private). */
  studentId: string | null;
  /** The topic the question was asked from: its passages rank a little higher. */
  topicId: string | null;
}

/** `all`: every word of the question must match; `any`: one is enough (the fallback). */
export type MatchMode = 'all' | 'any';

// Sentence boundaries for excerpts: after . ! or ? followed by space, or at line breaks.
const SENTENCE_BREAK = String.raw`(?<=[.!?])\s+|\n+`;
// Constants written into the statement (not parameters, whose types PostgreSQL would have to guess).
const ASKED_TOPIC_BOOST = sql.raw('1.5');
// ts_rank normalization 1 divides by 1 + log(length), so a long description does not win by size.
const RANK_NORMALIZATION = sql.raw('1');

const teacherRoles = sql.join(
  TEACHER_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

/**
 * The question as a tsquery. websearch_to_tsquery never fails on user input; its text form quotes
 * every lexeme ('photosynthesi' & 'chlorophyl'), so turning ' & ' into ' | ' gives the OR query.
 */
function questionQuery(question: string, mode: MatchMode): SQL {
  const all = sql`websearch_to_tsquery('english', ${question})`;
  return mode === 'all' ? all : sql`replace(${all}::text, ' & ', ' | ')::tsquery`;
}

/**
 * The best passages for the question, best first, in ONE statement over three sources, all inside
 * the scope: visible topics of visible chapters of the subject (title + description, through the
 * GIN index `topics_search_idx`, whose expression is repeated here word for word so the planner
 * can use it), the asking student's own notes on those topics, and the batch subject's doubts that
 * a teacher answered (question and teachers' replies; the replies are the passage). The tsquery
 * is written inline in every branch, not in a CTE, so each branch plans with it as a constant.
 */
export async function retrievePassages(
  db: Database,
  scope: RetrievalScope,
  question: string,
  mode: MatchMode,
  limit: number,
): Promise<Passage[]> {
  const query = () => questionQuery(question, mode);
  // Sentences are picked with the OR form, so a sentence holding some of the words still counts.
  const anyQuery = () => questionQuery(question, 'any');
  // Matching uses the index's vector; ranking a weighted one, so a hit in a title (A) outweighs
  // one in a description (D), and a similar question (B) or the student's note (C) sits between.
  const topicVector = sql`to_tsvector('english', t.title || ' ' || t.description_text)`;
  const topicRankVector = sql`setweight(to_tsvector('english', t.title), 'A')
    || setweight(to_tsvector('english', t.description_text), 'D')`;
  const doubtRankVector = sql`setweight(to_tsvector('english', d.doubt_text), 'B')
    || setweight(to_tsvector('english', a.answers), 'D')`;
  const result = await db.execute<Passage>(sql`
    with passages as (
      select 'topic' as kind, t.id as topic_id, t.title as topic_title, c.id as chapter_id,
        c.title as chapter_title, t.description_text as body,
        ts_rank(${topicRankVector}, ${query()}, ${RANK_NORMALIZATION}) as rank
      from topics t
      join chapters c on c.id = t.chapter_id and c.deleted_at is null and c.visibility
      where t.institution_id = ${scope.institutionId} and c.subject_id = ${scope.subjectId}
        and t.deleted_at is null and t.visibility
        and ${topicVector} @@ ${query()}
      union all
      select 'note', t.id, t.title, c.id, c.title, n.note_text,
        ts_rank(setweight(to_tsvector('english', n.note_text), 'C'), ${query()}, ${RANK_NORMALIZATION})
      from notes n
      join topics t on t.id = n.topic_id and t.deleted_at is null and t.visibility
      join chapters c on c.id = t.chapter_id and c.deleted_at is null and c.visibility
      where n.institution_id = ${scope.institutionId} and n.student_id = ${scope.studentId}
        and n.deleted_at is null and c.subject_id = ${scope.subjectId}
        and to_tsvector('english', n.note_text) @@ ${query()}
      union all
      select 'doubt', t.id, t.title, c.id, c.title, a.answers,
        ts_rank(${doubtRankVector}, ${query()}, ${RANK_NORMALIZATION})
      from doubts d
      join topics t on t.id = d.topic_id and t.deleted_at is null and t.visibility
      join chapters c on c.id = t.chapter_id and c.deleted_at is null and c.visibility
      cross join lateral (
        select string_agg(dr.response_text, E'\n' order by dr.created_at, dr.id) as answers
        from doubt_responses dr
        where dr.doubt_id = d.id and dr.deleted_at is null and dr.author_role in (${teacherRoles})
      ) a
      where d.institution_id = ${scope.institutionId} and d.batch_subject_id = ${scope.batchSubjectId}
        and d.deleted_at is null and a.answers is not null
        and to_tsvector('english', d.doubt_text || ' ' || a.answers) @@ ${query()}
    )
    select p.kind, p.topic_id, p.topic_title, p.chapter_id, p.chapter_title, p.body,
      p.rank * (case when p.topic_id = ${scope.topicId} then ${ASKED_TOPIC_BOOST} else 1 end) as score,
      (select string_agg(best.sentence, ' ' order by best.ord)
       from (
         select btrim(s.sentence) as sentence, s.ord
         from regexp_split_to_table(p.body, ${SENTENCE_BREAK}) with ordinality as s(sentence, ord)
         where to_tsvector('english', s.sentence) @@ ${anyQuery()}
         order by ts_rank(to_tsvector('english', s.sentence), ${anyQuery()}) desc, s.ord
         limit 2
       ) best) as excerpt
    from passages p
    order by score desc, p.kind desc, p.topic_id
    limit ${limit}`);
  return result.rows.map((row) => ({ ...row, score: Number(row.score) }));
}

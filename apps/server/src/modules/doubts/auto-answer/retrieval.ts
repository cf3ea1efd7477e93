import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { TEACHER_ROLES } from '../doubts.policy.js';

/** Where a passage comes from: a topic's description, the asker's own note, or an answered doubt. */
export type PassageKind = 'topic' | 'note' | 'doubt';

/** A sentence of a passage that holds some of the question's words. */
export interface Sentence {
  text: string;
  /** Its place in the passage, from 1. */
  ord: number;
  /** How many of the question's meaningful lexemes it holds. */
  matched: number;
}

export interface Passage extends Record<string, unknown> {
  kind: PassageKind;
  topic_id: string;
  topic_title: string;
  chapter_id: string;
  chapter_title: string;
  /** The passage's whole text: a description, a note, or the teachers' replies to a doubt. */
  body: string;
  /** How many of the question's meaningful lexemes the passage (with its topic's title) holds. */
  matched: number;
  /** How many meaningful lexemes the question has. */
  wanted: number;
  /** Relevance: the share of the question's lexemes held, raised by ts_rank_cd and the topic asked from. */
  score: number;
  /** Up to three of its sentences holding question lexemes, most relevant first (see TITLE_WORD_DISCOUNT). */
  sentences: Sentence[];
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

/**
 * The relevance threshold: how many of the question's meaningful lexemes a passage must hold.
 * One or two: all of them ("speed of a cheetah" is not answered by a passage on speed). More: at
 * least this share, rounded up (3 → 2, 4 → 3, 5 → 3), since students add words of their own.
 */
export const REQUIRED_SHARE = 0.6;
// Constants written into the statement (not parameters, whose types PostgreSQL would have to guess).
const REQUIRED_SHARE_SQL = sql.raw(String(REQUIRED_SHARE));
const ASKED_TOPIC_BOOST = sql.raw('1.25');
// ts_rank_cd normalization 1 | 32: divided by 1 + log(length), so a long description does not win
// by size, then scaled into 0..1 (rank / (rank + 1)), so it only orders passages of equal coverage.
const RANK_NORMALIZATION = sql.raw('33');
// The best sentence of a passage is the one holding most question words; a word of the topic's
// title counts a third, since the answer cites the topic anyway ("How many chambers does the heart
// have?" leads with "It has four chambers", not "The heart is a muscular organ"). Among equals,
// ts_rank_cd divided by the sentence's length (normalization 2) prefers the shorter, denser one.
const TITLE_WORD_DISCOUNT = sql.raw('0.667');
const SENTENCE_RANK_NORMALIZATION = sql.raw('2');
// Sentence boundaries: after . ! or ? followed by space, or at line breaks.
const SENTENCE_BREAK = String.raw`(?<=[.!?])\s+|\n+`;
const SENTENCES_PER_PASSAGE = sql.raw('3');

const teacherRoles = sql.join(
  TEACHER_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

/** The question's lexemes (`q.lexemes`) that `vector` holds. */
const hitsIn = (vector: SQL) =>
  sql`array(select unnest(q.lexemes) intersect select unnest(tsvector_to_array(${vector})))`;
const matchedIn = (vector: SQL) => sql`cardinality(${hitsIn(vector)})`;

/**
 * The passages that answer the question, best first, in ONE statement over three sources, all
 * inside the scope: visible topics of visible chapters of the subject (title + description,
 * through the GIN index `topics_search_idx`, whose expression is repeated here word for word so
 * the planner can use it), the asking student's own notes on those topics, and the batch subject's
 * doubts that a teacher answered (question and teachers' replies; the replies are the passage).
 *
 * `words` are the question's meaningful words (`meaningfulWords`); PostgreSQL stems them into the
 * question's lexemes. A passage is a candidate when it holds any of them (the OR query, written
 * inline in every branch so each plans with it as a constant), and is kept only when it holds
 * enough of them (`REQUIRED_SHARE`). Its score is the share it holds, times 1 + its ts_rank_cd
 * (title words weigh most), times a little more for the topic asked from. Each passage comes with
 * its sentences that hold question lexemes, so the answer can lead with the best one.
 */
export async function retrievePassages(
  db: Database,
  scope: RetrievalScope,
  words: readonly string[],
  limit: number,
): Promise<Passage[]> {
  if (words.length === 0) return [];
  const query = () => sql`websearch_to_tsquery('english', ${words.join(' or ')})`;
  // Matching uses the index's vector; ranking a weighted one, so a hit in a title (A) outweighs
  // one in a description (D), and a similar question (B) or the student's note (C) sits between.
  const topicVector = sql`to_tsvector('english', t.title || ' ' || t.description_text)`;
  const topicRankVector = sql`setweight(to_tsvector('english', t.title), 'A')
    || setweight(to_tsvector('english', t.description_text), 'D')`;
  const noteVector = sql`to_tsvector('english', n.note_text)`;
  const doubtVector = sql`to_tsvector('english', d.doubt_text || ' ' || a.answers)`;
  const doubtRankVector = sql`setweight(to_tsvector('english', d.doubt_text), 'B')
    || setweight(to_tsvector('english', a.answers), 'D')`;
  const sentenceVector = sql`to_tsvector('english', x.part)`;
  const result = await db.execute<Passage>(sql`
    with question as (
      select lexemes, cardinality(lexemes) as wanted
      from (select tsvector_to_array(to_tsvector('english', ${words.join(' ')})) as lexemes) w
    ),
    passages as (
      select 'topic' as kind, t.id as topic_id, t.title as topic_title, c.id as chapter_id,
        c.title as chapter_title, t.description_text as body, ${topicVector} as vector,
        ts_rank_cd(${topicRankVector}, ${query()}, ${RANK_NORMALIZATION}) as rank
      from topics t
      join chapters c on c.id = t.chapter_id and c.deleted_at is null and c.visibility
      where t.institution_id = ${scope.institutionId} and c.subject_id = ${scope.subjectId}
        and t.deleted_at is null and t.visibility
        and ${topicVector} @@ ${query()}
      union all
      select 'note', t.id, t.title, c.id, c.title, n.note_text, ${noteVector},
        ts_rank_cd(setweight(${noteVector}, 'C'), ${query()}, ${RANK_NORMALIZATION})
      from notes n
      join topics t on t.id = n.topic_id and t.deleted_at is null and t.visibility
      join chapters c on c.id = t.chapter_id and c.deleted_at is null and c.visibility
      where n.institution_id = ${scope.institutionId} and n.student_id = ${scope.studentId}
        and n.deleted_at is null and c.subject_id = ${scope.subjectId}
        and ${noteVector} @@ ${query()}
      union all
      select 'doubt', t.id, t.title, c.id, c.title, a.answers, ${doubtVector},
        ts_rank_cd(${doubtRankVector}, ${query()}, ${RANK_NORMALIZATION})
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
        and ${doubtVector} @@ ${query()}
    ),
    relevant as (
      select p.kind, p.topic_id, p.topic_title, p.chapter_id, p.chapter_title, p.body, m.matched,
        q.wanted,
        m.matched::float8 / q.wanted * (1 + p.rank)
          * (case when p.topic_id = ${scope.topicId} then ${ASKED_TOPIC_BOOST} else 1 end) as score
      from passages p
      cross join question q
      cross join lateral (select ${matchedIn(sql`p.vector`)} as matched) m
      where q.wanted > 0 and m.matched >= case when q.wanted <= 2 then q.wanted
        else ceil(q.wanted * ${REQUIRED_SHARE_SQL})::int end
    )
    select r.kind, r.topic_id, r.topic_title, r.chapter_id, r.chapter_title, r.body, r.matched,
      r.wanted, r.score,
      (select coalesce(json_agg(json_build_object('text', s.sentence, 'ord', s.ord, 'matched', s.matched)
          order by s.weight desc, s.rank desc, s.ord), '[]'::json)
       from (
         select btrim(x.part) as sentence, x.ord, cardinality(h.hits) as matched,
           cardinality(h.hits) - ${TITLE_WORD_DISCOUNT} * cardinality(array(
             select unnest(h.hits) intersect select unnest(tsvector_to_array(to_tsvector('english', r.topic_title)))
           )) as weight,
           ts_rank_cd(${sentenceVector}, ${query()}, ${SENTENCE_RANK_NORMALIZATION}) as rank
         from regexp_split_to_table(r.body, ${SENTENCE_BREAK}) with ordinality as x(part, ord)
         cross join lateral (select ${hitsIn(sentenceVector)} as hits) h
         where ${sentenceVector} @@ ${query()}
         order by weight desc, rank desc, x.ord
         limit ${SENTENCES_PER_PASSAGE}
       ) s) as sentences
    from relevant r
    cross join question q
    order by r.score desc, r.kind desc, r.topic_id
    limit ${limit}`);
  return result.rows.map((row) => ({ ...row, score: Number(row.score) }));
}

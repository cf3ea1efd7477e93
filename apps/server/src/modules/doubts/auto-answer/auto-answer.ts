import { type AutoAnswer, type AutoAnswerBody, formatMessage, MESSAGES } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import { badRequest, notFound } from '../../../lib/app-error.js';
import { institutionOf } from '../../../lib/tenancy.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { findTopic } from '../doubts.repository.js';
import { assertBatchSubject } from '../doubts.service.js';
import { askModel, modelSettings } from './model.js';
import { type Passage, type PassageKind, type RetrievalScope, retrievePassages } from './retrieval.js';

/** How many passages an answer is built from (and the model is given), at most. */
export const ANSWER_PASSAGES = 3;
// A passage far less relevant than the best one would only blur the answer.
const MIN_SHARE_OF_BEST = 0.25;
// An excerpt longer than this is cut at a word boundary.
const MAX_EXCERPT_CHARS = 500;

const TEMPLATES: Record<PassageKind, string> = {
  topic: MESSAGES.autoAnswerFromTopic,
  note: MESSAGES.autoAnswerFromNote,
  doubt: MESSAGES.autoAnswerFromDoubt,
};

function shorten(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_EXCERPT_CHARS) return clean;
  const cut = clean.slice(0, MAX_EXCERPT_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > 0 ? lastSpace : MAX_EXCERPT_CHARS)} …`;
}

/** The sentences of a passage that hit the question, or its opening when only its title did. */
function excerptOf(passage: Passage): string {
  if (passage.excerpt) return shorten(passage.excerpt);
  const opening = passage.body
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ');
  return shorten(opening);
}

/** The search answer: each passage's best sentences, introduced by where they come from. */
export function composeAnswer(passages: Passage[]): string {
  const paragraphs: string[] = [];
  for (const passage of passages) {
    const text = excerptOf(passage);
    if (!text) continue;
    const paragraph = formatMessage(TEMPLATES[passage.kind], { topic: passage.topic_title, text });
    if (!paragraphs.includes(paragraph)) paragraphs.push(paragraph);
  }
  return paragraphs.join('\n\n');
}

/** The topics the passages come from, once each, best first. */
function sourcesOf(passages: Passage[]): AutoAnswer['sources'] {
  const seen = new Set<string>();
  const sources: AutoAnswer['sources'] = [];
  for (const passage of passages) {
    if (seen.has(passage.topic_id)) continue;
    seen.add(passage.topic_id);
    sources.push({
      topic_id: passage.topic_id,
      topic_title: passage.topic_title,
      chapter_id: passage.chapter_id,
      chapter_title: passage.chapter_title,
    });
  }
  return sources;
}

/**
 * The automated answer (decision 23), from the institution's own content only: the batch subject
 * must be the caller's (student of its batch, teacher of it, or moderator), and the passages come
 * from that batch subject's subject alone (`retrievePassages`). Every word of the question must
 * match at first; when nothing does, any word is enough. With a model configured, it writes the
 * answer from the same passages; if it fails, the search answer stands. Nothing found: no model
 * call, and a pointer to asking the teacher.
 */
export async function autoAnswer(
  deps: AppDeps,
  user: AuthUser,
  body: AutoAnswerBody,
  log: FastifyBaseLogger,
): Promise<AutoAnswer> {
  const institutionId = institutionOf(user);
  const batchSubject = await assertBatchSubject(deps, user, body.batch_subject_id);
  if (body.topic_id) {
    const topic = await findTopic(deps.db, institutionId, body.topic_id);
    if (!topic || (user.permission === 'student' && !topic.visible)) throw notFound();
    if (topic.subject_id !== batchSubject.subject_id) {
      throw badRequest(MESSAGES.topicNotInSubject, { topic_id: MESSAGES.topicNotInSubject });
    }
  }
  const scope: RetrievalScope = {
    institutionId,
    subjectId: batchSubject.subject_id,
    batchSubjectId: batchSubject.id,
    studentId: user.permission === 'student' ? user.entityId : null,
    topicId: body.topic_id ?? null,
  };
  let passages = await retrievePassages(deps.db, scope, body.question, 'all', ANSWER_PASSAGES);
  if (passages.length === 0) {
    passages = await retrievePassages(deps.db, scope, body.question, 'any', ANSWER_PASSAGES);
  }
  if (passages.length === 0) {
    return { answer: MESSAGES.autoAnswerNotFound, found: false, generated_by: 'search', sources: [] };
  }
  const best = passages[0]!.score;
  passages = passages.filter((passage) => passage.score >= best * MIN_SHARE_OF_BEST);

  const sources = sourcesOf(passages);
  const settings = modelSettings(deps.config);
  if (settings) {
    const written = await askModel(settings, body.question, passages, log);
    if (written) return { answer: written, found: true, generated_by: 'model', sources };
  }
  return { answer: composeAnswer(passages), found: true, generated_by: 'search', sources };
}

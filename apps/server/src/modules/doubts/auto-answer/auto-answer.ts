import {
  type AutoAnswer,
  type AutoAnswerBody,
  type AutoAnswerPassage,
  formatMessage,
  MESSAGES,
} from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import { badRequest, notFound } from '../../../lib/app-error.js';
import { institutionOf } from '../../../lib/tenancy.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { findTopic } from '../doubts.repository.js';
import { assertBatchSubject } from '../doubts.service.js';
import { calculate } from './calculation.js';
import { askModel, modelSettings } from './model.js';
import { meaningfulWords } from './question-words.js';
import { type Passage, type PassageKind, type RetrievalScope, retrievePassages } from './retrieval.js';

/** How many passages an answer is built from (and the model is given), at most. */
export const ANSWER_PASSAGES = 3;
// A passage far less relevant than the best one would only blur the answer.
const MIN_SHARE_OF_BEST = 0.5;
// An excerpt longer than this is cut at a word boundary.
const MAX_EXCERPT_CHARS = 500;
// Sentences of a passage quoted as its excerpt, at most.
const EXCERPT_SENTENCES = 2;

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

const openingOf = (passage: Passage) =>
  passage.body
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/** A passage's best sentences in their own order, leaving out `except`; its opening when only its title matched. */
function excerptOf(passage: Passage, except?: string): string {
  const sentences =
    passage.sentences.length > 0
      ? passage.sentences
          .slice(0, EXCERPT_SENTENCES + (except ? 1 : 0))
          .filter((sentence) => shorten(sentence.text) !== except)
          .slice(0, EXCERPT_SENTENCES)
          .sort((a, b) => a.ord - b.ord)
          .map((sentence) => sentence.text)
      : openingOf(passage)
          .filter((sentence) => shorten(sentence) !== except)
          .slice(0, EXCERPT_SENTENCES);
  return shorten(sentences.join(' '));
}

const quote = (passage: Passage, text: string): AutoAnswerPassage => ({
  kind: passage.kind,
  topic_id: passage.topic_id,
  topic_title: passage.topic_title,
  text,
});

const paragraph = (quoted: AutoAnswerPassage) =>
  formatMessage(TEMPLATES[quoted.kind], { topic: quoted.topic_title, text: quoted.text });

/** The single most relevant sentence: the best passage's best sentence (its opening when only its title matched). */
function leadOf(best: Passage): AutoAnswerPassage {
  const text = best.sentences[0]?.text ?? openingOf(best)[0] ?? best.topic_title;
  return quote(best, shorten(text));
}

/** The passages' excerpts, best passage first, each once; the lead's sentence is not repeated. */
function supportingPassages(passages: Passage[], lead: AutoAnswerPassage | null): AutoAnswerPassage[] {
  const quoted: AutoAnswerPassage[] = [];
  for (const passage of passages) {
    const leadHere = lead && lead.topic_id === passage.topic_id && lead.kind === passage.kind;
    const text = excerptOf(passage, leadHere ? lead.text : undefined);
    if (!text || quoted.some((other) => other.text === text) || text === lead?.text) continue;
    quoted.push(quote(passage, text));
  }
  return quoted;
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

/** A worked result, when the question gives the numbers for a formula one of the passages states. */
function calculationFor(
  question: string,
  passages: Passage[],
): { text: string; statedIn: AutoAnswerPassage } | null {
  for (const passage of passages) {
    const worked = calculate(question, passage.body);
    if (!worked) continue;
    const sentence = openingOf(passage).find((text) => text.includes(worked.written)) ?? worked.written;
    return {
      text: formatMessage(MESSAGES.autoAnswerCalculation, {
        formula: worked.formula,
        working: worked.working,
        topic: passage.topic_title,
      }),
      statedIn: quote(passage, shorten(sentence)),
    };
  }
  return null;
}

/**
 * The search answer: the calculation when there is one (led by the sentence stating its formula),
 * then the single most relevant sentence, then the supporting passages; `answer` holds the same
 * as plain text.
 */
function composeAnswer(question: string, passages: Passage[]): AutoAnswer {
  const calculation = calculationFor(question, passages);
  const lead = calculation?.statedIn ?? leadOf(passages[0]!);
  const supporting = supportingPassages(passages, lead);
  const text = [calculation?.text, paragraph(lead), ...supporting.map(paragraph)]
    .filter(Boolean)
    .join('\n\n');
  return {
    answer: text,
    found: true,
    generated_by: 'search',
    calculation: calculation?.text ?? null,
    lead,
    passages: supporting,
    sources: sourcesOf(passages),
  };
}

const notCovered = (generatedBy: AutoAnswer['generated_by']): AutoAnswer => ({
  answer: MESSAGES.autoAnswerNotFound,
  found: false,
  generated_by: generatedBy,
  calculation: null,
  lead: null,
  passages: [],
  sources: [],
});

/**
 * The automated answer (decision 23), from the institution's own content only: the batch subject
 * must be the caller's (student of its batch, teacher of it, or moderator), and the passages come
 * from that batch subject's subject alone (`retrievePassages`), each used only when it holds enough
 * of the question's meaningful words (`meaningfulWords`: the words left once the ways of asking,
 * such as "explain" or "how does it work", are dropped). Nothing relevant: the honest "not covered"
 * answer, without a model call. With a model configured, it writes the answer from the same
 * passages, or says they do not answer the question (then "not covered" too); if it fails, the
 * search answer stands.
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
  const words = meaningfulWords(body.question);
  const retrieved = await retrievePassages(deps.db, scope, words, ANSWER_PASSAGES);
  if (retrieved.length === 0) return notCovered('search');
  const best = retrieved[0]!.score;
  const passages = retrieved.filter((passage) => passage.score >= best * MIN_SHARE_OF_BEST);

  const settings = modelSettings(deps.config);
  if (settings) {
    const reply = await askModel(settings, body.question, passages, log);
    if (reply?.covered === false) return notCovered('model');
    if (reply) {
      return {
        answer: reply.text,
        found: true,
        generated_by: 'model',
        calculation: null,
        lead: null,
        passages: supportingPassages(passages, null),
        sources: sourcesOf(passages),
      };
    }
  }
  return composeAnswer(body.question, passages);
}

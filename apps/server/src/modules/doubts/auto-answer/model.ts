import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Passage } from './retrieval.js';

/** An OpenAI-compatible chat server that writes answers from the retrieved passages (decision 23). */
export interface ModelSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

/** The configured model, or null when AI_BASE_URL or AI_MODEL is unset (answers come from search). */
export function modelSettings(config: Config): ModelSettings | null {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return null;
  return {
    baseUrl: config.AI_BASE_URL.replace(/\/+$/, ''),
    model: config.AI_MODEL,
    apiKey: config.AI_API_KEY,
    timeoutMs: config.AI_TIMEOUT_MS,
  };
}

// Each passage is cut to this many characters, so a long description cannot crowd out the rest.
const MAX_PASSAGE_CHARS = 2000;

/** What the model replies, alone, when the passages do not answer the question. */
export const NOT_COVERED_REPLY = 'NOT_IN_COURSE_MATERIAL';

const SYSTEM_PROMPT = [
  "You answer a school student's question about their course.",
  'The numbered passages from the course material that follow are your only source: answer only from them,',
  'never from your own knowledge, and never guess.',
  `If they do not contain the answer, reply with exactly ${NOT_COVERED_REPLY} and nothing else.`,
  'When the question gives numbers and a passage states the formula that uses them, work the result out.',
  'Answer in a few plain sentences, without mentioning the passages or their numbers.',
].join(' ');

// Replies that say the passages do not answer, in case the model words it instead of using the marker.
const NOT_COVERED_WORDING = [
  new RegExp(`\\b${NOT_COVERED_REPLY}\\b`, 'i'),
  /^(?:i'?m sorry[,.]?\s*)?(?:the|these) (?:provided )?(?:passages|course material)(?: provided)? (?:do(?:es)? not|don'?t|doesn'?t) (?:contain|cover|include|mention|say|answer|provide|explain)/i,
  /^(?:i'?m sorry[,.]?\s*)?i (?:cannot|can'?t|could not|couldn'?t) (?:find|answer)[^.]* (?:passages|course material)/i,
];

/** Whether the model's reply says the passages do not answer the question. */
export function saysNotCovered(reply: string): boolean {
  const text = reply.trim();
  return NOT_COVERED_WORDING.some((pattern) => pattern.test(text));
}

const SOURCE_LABELS: Record<Passage['kind'], string> = {
  topic: 'Topic',
  note: "Student's own note on the topic",
  doubt: "Teacher's answer to an earlier question on the topic",
};

/** The user message: the passages, numbered, then the question. */
export function modelPrompt(question: string, passages: Passage[]): string {
  const blocks = passages.map((passage, index) => {
    const text =
      passage.body.length > MAX_PASSAGE_CHARS ? passage.body.slice(0, MAX_PASSAGE_CHARS) : passage.body;
    const heading = `[${index + 1}] ${SOURCE_LABELS[passage.kind]} "${passage.topic_title}" (chapter "${passage.chapter_title}")`;
    return `${heading}\n${text}`;
  });
  return `Passages:\n\n${blocks.join('\n\n')}\n\nQuestion: ${question}`;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

/** The model's reply: its answer, or that the passages do not cover the question. */
export type ModelReply = { covered: true; text: string } | { covered: false };

/**
 * Asks the model (`POST {AI_BASE_URL}/chat/completions`, OpenAI protocol) to answer from the
 * passages alone, or to say they do not answer the question (`NOT_COVERED_REPLY`, recognised by
 * `saysNotCovered`). Answers null on any failure (refused, malformed, empty, too slow), after a
 * warning that names the model and the reason but never the key, so the caller falls back to the
 * search answer.
 */
export async function askModel(
  settings: ModelSettings,
  question: string,
  passages: Passage[],
  log: FastifyBaseLogger,
): Promise<ModelReply | null> {
  const warn = (reason: string) =>
    log.warn({ model: settings.model, reason }, 'automated answer: model unavailable, answered from search');
  try {
    const response = await fetch(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: modelPrompt(question, passages) },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) {
      warn(`HTTP ${response.status}`);
      return null;
    }
    const completion = (await response.json()) as ChatCompletion;
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      warn('no answer in the reply');
      return null;
    }
    if (saysNotCovered(content)) return { covered: false };
    return { covered: true, text: content.trim() };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    warn(name === 'TimeoutError' ? `no reply within ${settings.timeoutMs} ms` : String(error));
    return null;
  }
}

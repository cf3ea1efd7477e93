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

const SYSTEM_PROMPT = [
  "You answer a school student's question about their course.",
  'Use only the numbered passages from the course material that follow; they are your only source.',
  'If they do not answer the question, say so in one sentence and suggest asking the teacher.',
  'Answer in a few plain sentences, without mentioning the passages or their numbers.',
].join(' ');

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

/**
 * Asks the model (`POST {AI_BASE_URL}/chat/completions`, OpenAI protocol) to answer from the
 * passages alone. Answers null on any failure (refused, malformed, empty, too slow), after a
 * warning that names the model and the reason but never the key, so the caller falls back to the
 * search answer.
 */
export async function askModel(
  settings: ModelSettings,
  question: string,
  passages: Passage[],
  log: FastifyBaseLogger,
): Promise<string | null> {
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
    return content.trim();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    warn(name === 'TimeoutError' ? `no reply within ${settings.timeoutMs} ms` : String(error));
    return null;
  }
}

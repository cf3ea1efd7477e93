import { roundMarks } from '../assessments/scoring.js';

/**
 * A student's own paper (decision 39), derived from their attempt's seed and the canonical paper,
 * never stored: the drawn questions, their order and each question's option order. The same seed
 * gives the same paper on every reload, tab and instance, and to the evaluator; nothing is read
 * from the database for it. The steps draw from one generator in a fixed sequence: the draw (per
 * marks value, in the paper's order), then the questions' order, then each drawn question's
 * options in the paper's order (a true / false question keeps True, False).
 */

export interface PaperSettings {
  shuffle_questions: boolean;
  shuffle_options: boolean;
  draw_count: number | null;
}

interface PaperQuestion {
  _id: string;
  /** True / false keeps its order (True, False) even when options are shuffled. */
  type?: string;
  weightage: number;
  answers: readonly { _id: string }[];
}

/** mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Fisher-Yates, in place. */
function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * How many questions of each marks value a draw of `count` takes: each value its share of the
 * paper (largest remainders; ties to the larger group, then to the value met first), the same for
 * every student, so every drawn paper is worth the same total. Keys in the paper's order.
 */
export function drawShares(weights: readonly number[], count: number): Map<number, number> {
  const sizes = new Map<number, number>();
  for (const weight of weights) sizes.set(weight, (sizes.get(weight) ?? 0) + 1);
  const take = Math.min(count, weights.length);
  const groups = [...sizes].map(([weight, size], order) => {
    const exact = (take * size) / weights.length;
    return { weight, size, order, share: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = take - groups.reduce((sum, group) => sum + group.share, 0);
  const byRest = [...groups].sort((a, b) => b.rest - a.rest || b.size - a.size || a.order - b.order);
  for (const group of byRest) {
    if (left === 0) break;
    group.share += 1;
    left -= 1;
  }
  return new Map(groups.map((group) => [group.weight, group.share]));
}

/** A student's paper size and total: the whole paper's, or a draw's (the same for every student). */
export function drawnPaperSize(weights: readonly number[], drawCount: number | null) {
  if (drawCount === null || drawCount >= weights.length) {
    return { count: weights.length, total: roundMarks(weights.reduce((sum, weight) => sum + weight, 0)) };
  }
  const shares = drawShares(weights, drawCount);
  let total = 0;
  for (const [weight, share] of shares) total += weight * share;
  return { count: drawCount, total: roundMarks(total) };
}

/** The student's paper: question ids in their order, and each shuffled question's option ids in their order. */
export interface StudentOrder {
  questionIds: string[];
  /** Only questions whose options were shuffled. */
  optionIds: Map<string, string[]>;
}

/** Whether the settings give each student a paper of their own. */
export const isPersonal = (settings: PaperSettings) =>
  settings.shuffle_questions || settings.shuffle_options || settings.draw_count !== null;

/** The student's paper from the canonical `questions` (in the paper's order) and their seed. */
export function studentOrder(
  questions: readonly PaperQuestion[],
  settings: PaperSettings,
  seed: number,
): StudentOrder {
  const random = generator(seed);
  let drawn = [...questions];
  if (settings.draw_count !== null && settings.draw_count < questions.length) {
    const shares = drawShares(
      questions.map((question) => question.weightage),
      settings.draw_count,
    );
    const chosen = new Set<string>();
    for (const [weight, share] of shares) {
      const group = questions.filter((question) => question.weightage === weight);
      for (const question of shuffle(group, random).slice(0, share)) chosen.add(question._id);
    }
    drawn = questions.filter((question) => chosen.has(question._id));
  }
  if (settings.shuffle_questions) shuffle(drawn, random);
  const optionIds = new Map<string, string[]>();
  if (settings.shuffle_options) {
    const inPaper = new Set(drawn);
    for (const question of questions) {
      if (!inPaper.has(question) || question.answers.length < 2 || question.type === 'BOOLEAN') continue;
      optionIds.set(
        question._id,
        shuffle(
          question.answers.map((option) => option._id),
          random,
        ),
      );
    }
  }
  return { questionIds: drawn.map((question) => question._id), optionIds };
}

/**
 * The student's paper as they see it: `paper` (the shared one, in the paper's order) reordered,
 * each shuffled question's options renumbered 1, 2, 3… in their order (their letters). The shared
 * objects are reused, never changed.
 */
export function studentPaper<
  Question extends PaperQuestion & { answers: readonly { _id: string; position: number }[] },
>(paper: readonly Question[], settings: PaperSettings, seed: number | null): Question[] {
  if (seed === null || !isPersonal(settings)) return [...paper];
  const order = studentOrder(paper, settings, seed);
  const byId = new Map(paper.map((question) => [question._id, question]));
  return order.questionIds.map((id) => {
    const question = byId.get(id)!;
    const options = order.optionIds.get(id);
    if (!options) return question;
    const byOption = new Map(question.answers.map((option) => [option._id, option]));
    return {
      ...question,
      answers: options.map((optionId, index) => ({ ...byOption.get(optionId)!, position: index + 1 })),
    };
  });
}

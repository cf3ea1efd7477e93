import { describe, expect, it } from 'vitest';
import { drawnPaperSize, drawShares, studentOrder, studentPaper } from './paper-order.js';

/** A paper of `weights.length` questions with three options each. */
const paperOf = (weights: number[]) =>
  weights.map((weightage, index) => ({
    _id: `q${index + 1}`,
    weightage,
    answers: [1, 2, 3].map((position) => ({ _id: `q${index + 1}o${position}`, position })),
  }));

const ALL = { shuffle_questions: true, shuffle_options: true, draw_count: null };

describe('a student’s own paper (decision 39)', () => {
  it('is the same for the same seed and differs between seeds', () => {
    const paper = paperOf([1, 1, 1, 1, 1, 1, 1, 1]);
    const first = studentOrder(paper, ALL, 1234);
    expect(studentOrder(paper, ALL, 1234)).toEqual(first);
    expect(studentOrder(paper, ALL, 98_765).questionIds).not.toEqual(first.questionIds);
    expect([...first.questionIds].sort()).toEqual(paper.map((question) => question._id).sort());
  });

  it('keeps the paper’s order and options unless told to shuffle them', () => {
    const paper = paperOf([1, 2, 3]);
    const none = { shuffle_questions: false, shuffle_options: false, draw_count: null };
    expect(studentPaper(paper, none, 7)).toEqual(paper);
    const optionsOnly = studentPaper(paper, { ...none, shuffle_options: true }, 7);
    expect(optionsOnly.map((question) => question._id)).toEqual(['q1', 'q2', 'q3']);
    // Renumbered in the student's order: their letters.
    for (const question of optionsOnly) {
      expect(question.answers.map((option) => option.position)).toEqual([1, 2, 3]);
    }
    // The shared paper is never changed.
    expect(paper[0]!.answers.map((option) => option._id)).toEqual(['q1o1', 'q1o2', 'q1o3']);
  });

  it('keeps True, False in their order', () => {
    const paper = [
      { ...paperOf([1])[0]!, type: 'BOOLEAN' },
      { ...paperOf([1, 1])[1]!, type: 'SINGLE_CHOICE' },
    ];
    for (let seed = 1; seed <= 20; seed++) {
      const order = studentOrder(paper, ALL, seed);
      expect(order.optionIds.has('q1')).toBe(false);
    }
    expect(studentOrder(paper, ALL, 3).optionIds.has('q2')).toBe(true);
  });

  it('draws the same number of each marks value for every student, so every paper has the same total', () => {
    const weights = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2];
    expect(drawShares(weights, 5)).toEqual(
      new Map([
        [1, 3],
        [2, 2],
      ]),
    );
    const paper = paperOf(weights);
    const totals = new Set<number>();
    const sets = new Set<string>();
    for (let seed = 1; seed <= 50; seed++) {
      const drawn = studentOrder(paper, { ...ALL, draw_count: 5 }, seed).questionIds;
      expect(drawn).toHaveLength(5);
      totals.add(
        drawn.reduce((sum, id) => sum + paper.find((question) => question._id === id)!.weightage, 0),
      );
      sets.add([...drawn].sort().join());
    }
    expect([...totals]).toEqual([7]);
    expect(sets.size).toBeGreaterThan(10);
    expect(drawnPaperSize(weights, 5)).toEqual({ count: 5, total: 7 });
  });

  it('shares a draw by largest remainders, ties to the larger group', () => {
    // 3 × 1 mark, 2 × 2 marks, 1 × 5 marks; 3 of 6: exact shares 1.5, 1, 0.5.
    expect([...drawShares([1, 1, 1, 2, 2, 5], 3)]).toEqual([
      [1, 2],
      [2, 1],
      [5, 0],
    ]);
    expect(drawnPaperSize([1, 1, 1, 2, 2, 5], 3)).toEqual({ count: 3, total: 4 });
    // A draw of the whole paper (or more) is the whole paper.
    expect(drawnPaperSize([1, 2], 5)).toEqual({ count: 2, total: 3 });
  });
});

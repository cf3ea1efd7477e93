import { describe, expect, it } from 'vitest';
import { meaningfulWords } from './question-words.js';

describe('meaningfulWords', () => {
  it.each([
    ['Can you explain how photosynthesis works in plants?', ['photosynthesis', 'plants']],
    ['Explain the French Revolution', ['french', 'revolution']],
    ['What is the difference between a plant cell and an animal cell?', ['plant', 'cell', 'animal']],
    ['what is the voltage across 10 ohm at 2 A?', ['voltage']],
    ['What happened in 1789?', ['1789']],
    ['What is 17 times 23?', []],
    ['Can you please tell me how it works?', []],
    ['What’s Akbar’s policy?', ['akbar', 'policy']],
    ['What are the units of current?', ['current']],
    ['What is the derivative of x squared?', ['derivative', 'squared']],
  ])('%s → %j', (question, words) => {
    expect(meaningfulWords(question)).toEqual(words);
  });
});

import { describe, expect, it } from '@jest/globals';
import { scoreByWordVectors } from './word-vector-nli.js';

describe('scoreByWordVectors', () => {
  it.each([
    ['Remote work raises output.', 'Remote work does not raise output.', 'contradiction'],
    ['Remote work raises output.', "Remote work doesn't raise output.", 'contradiction'],
    ['Flood risk will increase.', 'Flood risk will decrease.', 'contradiction'],
    ['Flood risk will increase.', 'Flood risk will increase a lot.', 'entailment'],
    ['Flood risk will not increase.', 'Flood risk will decrease.', 'entailment'],
    ['It is never safe.', 'It is not always safe.', 'entailment'],
  ])('reads %j against %j, alike, as %s', (premise, hypothesis, expected) => {
    const scores = scoreByWordVectors(0.9, premise, hypothesis);
    const top = Object.entries(scores).sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(top).toBe(expected);
  });

  it.each([0, 0.3, 0.9, 1, 1.4, -0.2])(
    'gives probabilities summing to 1 at similarity %d',
    (sim) => {
      for (const [premise, hypothesis] of [
        ['a b', 'not a b'],
        ['a b', 'a b'],
      ] as const) {
        const scores = scoreByWordVectors(sim, premise, hypothesis);
        const values = Object.values(scores);
        expect(values.every((v) => v >= 0 && v <= 1)).toBe(true);
        expect(values.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
      }
    },
  );

  it('finds little contradiction between unrelated texts', () => {
    expect(
      scoreByWordVectors(0.05, 'Kelp forests recover.', 'Bebop is not dead.').contradiction,
    ).toBeLessThan(0.1);
  });
});

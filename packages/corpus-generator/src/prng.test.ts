import { describe, expect, it } from '@jest/globals';
import { createDeck, createRng, deriveSeed } from './prng.js';

describe('createRng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRng(seed).next);
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps int() within its inclusive bounds and reaches both ends', () => {
    const rng = createRng(1);
    const values = new Set(Array.from({ length: 500 }, () => rng.int(3, 6)));
    expect([...values].sort()).toEqual([3, 4, 5, 6]);
  });

  it('samples distinct items without touching the input', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    const picked = createRng(7).sample(items, 3);
    expect(new Set(picked).size).toBe(3);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('createDeck', () => {
  it('hands out every item once before repeating any', () => {
    const draw = createDeck(createRng(5), [1, 2, 3, 4]);
    const firstRound = [draw(), draw(), draw(), draw()].sort();
    expect(firstRound).toEqual([1, 2, 3, 4]);
  });
});

describe('deriveSeed', () => {
  it('is stable for the same parts and sensitive to their order', () => {
    expect(deriveSeed(1, 'episode', 2, 3)).toBe(deriveSeed(1, 'episode', 2, 3));
    expect(deriveSeed(1, 'episode', 2, 3)).not.toBe(deriveSeed(1, 'episode', 3, 2));
  });
});

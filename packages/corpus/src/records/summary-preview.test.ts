import { describe, expect, it } from '@jest/globals';
import {
  cardSummaryPreview,
  comparable,
  type EpisodeSummary,
  firstSentence,
  listSummaryPreview,
  mayBeComparable,
  topicPills,
} from './summary-preview.js';

const summary = (parts: Partial<EpisodeSummary>): EpisodeSummary => ({
  title: null,
  bullets: [],
  body: null,
  ...parts,
});

describe('cardSummaryPreview', () => {
  it.each([
    ['the summary title', summary({ title: 'Rivers rise', bullets: ['b0'] }), 'Ep', 'Rivers rise'],
    [
      'a bullet when the title repeats the episode title',
      summary({ title: 'Flood Risk!', bullets: ['b0'] }),
      'flood  risk',
      'b0',
    ],
    ['the body first sentence', summary({ body: 'One. Two. Three.' }), 'Ep', 'One.'],
    [
      'the whole body without a sentence break',
      summary({ body: 'Just words' }),
      'Ep',
      'Just words',
    ],
    ['nothing when only the title repeats', summary({ title: '"Ep"' }), 'Ep', null],
    ['nothing for an empty summary', summary({}), 'Ep', null],
  ])('picks %s', (_case, input, title, expected) => {
    expect(cardSummaryPreview(input, title)).toBe(expected);
  });

  it('cuts past 150 characters to 149, right-trimmed, plus an ellipsis', () => {
    const text = `${'a'.repeat(147)}  ${'b'.repeat(20)}`;
    const preview = cardSummaryPreview(summary({ title: text }), 'Ep');
    expect(preview).toBe(`${'a'.repeat(147)}…`);
  });

  it('keeps a 150-character candidate whole', () => {
    const text = 'c'.repeat(150);
    expect(cardSummaryPreview(summary({ title: text }), 'Ep')).toBe(text);
  });
});

describe('mayBeComparable', () => {
  // Letters that lowercase to ASCII from past it (Kelvin sign, dotted I), spaces
  // and dashes past ASCII that comparable folds or strips, and the ASCII ones.
  const ALPHABET = [
    'a',
    'A',
    'b',
    'k',
    'K',
    '\u212a',
    '\u0130',
    'i',
    ' ',
    '\t',
    '.',
    '-',
    '"',
    "'",
    '\u00a0',
    '\u2013',
    '\u2014',
    '!',
  ];
  /** A deterministic generator (a 32-bit LCG), so a failure names a pair that comes back. */
  function texts(count: number, seed: number): string[] {
    let state = seed;
    const next = (n: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % n;
    };
    return Array.from({ length: count }, () =>
      Array.from({ length: next(7) }, () => ALPHABET[next(ALPHABET.length)]).join(''),
    );
  }

  it('never says no to two texts comparable makes equal, and says no to most others', () => {
    const pool = texts(400, 7);
    let equal = 0;
    let ruledOut = 0;
    for (const a of pool) {
      for (const b of pool) {
        const same = comparable(a) === comparable(b);
        const maybe = mayBeComparable(a, b);
        if (same) {
          equal++;
          expect([a, b, maybe]).toEqual([a, b, true]);
        } else if (!maybe) {
          ruledOut++;
        }
      }
    }
    expect(equal).toBeGreaterThan(1000); // the pool has many equal pairs to get wrong
    expect(ruledOut).toBeGreaterThan(pool.length ** 2 / 4); // and it rules out many others
  });

  it.each([
    ['Flood Risk!', ' flood  risk', true],
    ['ab', 'ab\u00a0', true], // a no-break space at the edge is stripped
    ['ab', 'ab \u2013', true], // so is an en dash
    ['ab', 'abc', false],
    ['Ab', 'aC', false],
    ['\u212ax', 'kx', true], // the Kelvin sign lowercases to k
  ])('%j against %j: %s', (a, b, expected) => {
    expect(mayBeComparable(a, b)).toBe(expected);
  });
});

describe('listSummaryPreview', () => {
  it.each([
    ['title and two bullets', summary({ title: 'T', bullets: ['b0', 'b1', 'b2'] }), 'T — b0 · b1'],
    ['bullets only', summary({ bullets: ['b0', 'b1'] }), 'b0 · b1'],
    ['title only', summary({ title: 'T' }), 'T'],
    ['a short body', summary({ body: 'Body text.' }), 'Body text.'],
    ['nothing', summary({}), null],
  ])('formats %s', (_case, input, expected) => {
    expect(listSummaryPreview(input)).toBe(expected);
  });

  it('cuts the body at 200 characters plus an ellipsis', () => {
    expect(listSummaryPreview(summary({ body: 'x'.repeat(300) }))).toBe(`${'x'.repeat(200)}…`);
  });

  it('caps the joined line at 240 (239 plus an ellipsis)', () => {
    const preview = listSummaryPreview(summary({ title: 'T', bullets: ['y'.repeat(300)] }));
    expect(preview).toHaveLength(240);
    expect(preview?.endsWith('…')).toBe(true);
  });
});

describe('topicPills', () => {
  it('takes the first four bullets, each capped at 160', () => {
    const pills = topicPills(['a', 'b', 'z'.repeat(200), 'd', 'e']);
    expect(pills).toEqual(['a', 'b', `${'z'.repeat(159)}…`, 'd']);
  });
});

describe('firstSentence', () => {
  it('ends at the period of the first ". "', () => {
    expect(firstSentence('Dr. Who came. Then left.')).toBe('Dr.');
  });
});

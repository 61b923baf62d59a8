import { describe, expect, it } from '@jest/globals';
import {
  cardSummaryPreview,
  type EpisodeSummary,
  firstSentence,
  listSummaryPreview,
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

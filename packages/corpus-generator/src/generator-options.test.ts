import { describe, expect, it } from '@jest/globals';
import { type GenerateCorpusOptions, resolvePlanOptions } from './generator-options.js';

const base: GenerateCorpusOptions = { out: 'x', feeds: 3, episodesPerFeed: 4 };

describe('resolvePlanOptions', () => {
  it('spreads --total over the feeds, giving the first feeds the remainder', () => {
    const { episodeCounts } = resolvePlanOptions({ out: 'x', feeds: 3, totalEpisodes: 11 });
    expect(episodeCounts).toEqual([4, 4, 3]);
  });

  it('uses 40-80 transcript lines for small corpora and 8-12 with compact JSON for large ones', () => {
    expect(resolvePlanOptions(base)).toMatchObject({
      transcriptLines: { min: 40, max: 80 },
      compactJson: false,
    });
    expect(resolvePlanOptions({ ...base, feeds: 10, episodesPerFeed: 51 })).toMatchObject({
      transcriptLines: { min: 8, max: 12 },
      compactJson: true,
    });
    expect(resolvePlanOptions({ ...base, transcriptLines: 20 }).transcriptLines).toEqual({
      min: 20,
      max: 20,
    });
  });

  it('anchors dates at the fixed base date unless told otherwise', () => {
    expect(resolvePlanOptions(base).baseMs).toBe(Date.UTC(2026, 10, 16));
    expect(resolvePlanOptions({ ...base, baseDate: '2025-02-28' }).baseMs).toBe(
      Date.UTC(2025, 1, 28),
    );
  });

  it.each<[string, Partial<GenerateCorpusOptions>, RegExp]>([
    ['zero feeds', { feeds: 0 }, /--feeds must be an integer from 1/],
    ['both counts', { totalEpisodes: 10 }, /exactly one of --episodes/],
    ['neither count', { episodesPerFeed: undefined }, /exactly one of --episodes/],
    [
      'fewer episodes than feeds',
      { episodesPerFeed: undefined, totalEpisodes: 2 },
      /--total must be an integer from 3/,
    ],
    ['a fractional seed', { seed: 1.5 }, /--seed must be an integer/],
    ['a flat layout with several feeds', { layout: 'flat' }, /--layout flat holds a single feed/],
    ['an impossible base date', { baseDate: '2026-02-30' }, /--base-date must be a calendar date/],
    [
      'too few transcript lines',
      { transcriptLines: 2 },
      /--transcript-lines must be an integer from 4/,
    ],
  ])('rejects %s', (_name, override, message) => {
    expect(() => resolvePlanOptions({ ...base, ...override })).toThrow(message);
  });
});

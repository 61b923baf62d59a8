import { describe, expect, it } from '@jest/globals';
import {
  bandMatcher,
  DIGEST_BAND_ROW_CAP,
  type DigestBandConfig,
  matchDigestBands,
} from './digest-bands.js';
import type { LabeledId } from './episode-signals.js';

interface Item {
  name: string;
  topics: LabeledId[];
}

const topic = (slug: string, label: string) => ({ id: `topic:${slug}`, label });
const item = (name: string, ...topics: LabeledId[]): Item => ({ name, topics });
const match = (items: Item[], bands: DigestBandConfig[]) => {
  const matcher = bandMatcher(bands);
  return matchDigestBands(items, (i) => matcher(i.topics), bands);
};

const water = { id: 'water', label: 'Water', keywords: ['flooding', 'Storm water', 'ocean'] };
const music = { id: 'music', label: 'Music', keywords: ['jazz'] };

describe('bandMatcher', () => {
  it('lists, per band, the graph topics whose labels name one of its keywords', () => {
    const matcher = bandMatcher([water, music, { id: 'none', label: 'None', keywords: [' '] }]);
    const topics = [
      topic('modal-jazz', 'Modal jazz'),
      topic('ocean', 'Ocean warming'),
      { id: 'concept:ocean', label: 'ocean' },
      topic('flooding', 'Flooding'),
    ];
    expect(matcher(topics)).toEqual([['topic:ocean', 'topic:flooding'], ['topic:modal-jazz'], []]);
  });
});

describe('matchDigestBands', () => {
  const items = [
    item('e1', topic('urban-flooding', 'urban flooding')),
    item('e2', topic('bebop', 'bebop'), topic('modal-jazz', 'Modal jazz')),
    item(
      'e3',
      topic('storm-water', 'Storm-water retention'),
      topic('urban-flooding', 'urban flooding'),
    ),
    item('e4', topic('oceanography', 'oceanography')),
    item('e5', { id: 'concept:flooding', label: 'flooding' }),
  ];

  it('puts an item into every band one of its topic labels names by whole words', () => {
    const bands = match(items, [water, music]);
    expect(bands.map((b) => [b.band.id, b.items.map((i) => i.name)])).toEqual([
      ['water', ['e1', 'e3']],
      ['music', ['e2']],
    ]);
  });

  it('names each band after the topic that matched the most items', () => {
    const [waterBand, musicBand] = match(items, [water, music]);
    expect(waterBand?.graphTopicId).toBe('topic:urban-flooding');
    expect(musicBand?.graphTopicId).toBe('topic:modal-jazz');
  });

  it('breaks a tie between topics by the smaller id', () => {
    const tied = [
      item('a', topic('zz-flooding', 'flooding')),
      item('b', topic('aa-ocean', 'ocean')),
    ];
    expect(match(tied, [water])[0]?.graphTopicId).toBe('topic:aa-ocean');
  });

  it('leaves out bands that match nothing', () => {
    const bands = match(items, [{ id: 'x', label: 'X', keywords: ['kimchi'] }]);
    expect(bands).toEqual([]);
  });

  it('keeps at most the first eight items of a band', () => {
    const many = Array.from({ length: 12 }, (_, i) => item(`e${i}`, topic('jazz', 'jazz')));
    const [band] = match(many, [music]);
    expect(band?.items).toHaveLength(DIGEST_BAND_ROW_CAP);
    expect(band?.items[0]?.name).toBe('e0');
  });
});

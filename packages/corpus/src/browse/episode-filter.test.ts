import { describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '../records/episode-record.js';
import { type EpisodeFilter, episodePredicate, episodeSearchText } from './episode-filter.js';

const episode = {
  feed_id: 'sha256:feed-a',
  episode_id: 'episode:guid-1',
  title: 'Rain Gardens and the Street',
  publish_date: '2026-03-04',
  topics: ['Bioswales cut peak runoff.'],
} as EpisodeRecord;
const undated = { ...episode, publish_date: null } as EpisodeRecord;

const texts = new Map([
  [episode, episodeSearchText(episode, ['Green Infrastructure'])],
  [undated, episodeSearchText(undated, [])],
]);
const textOf = (e: EpisodeRecord) => texts.get(e) ?? episodeSearchText(e, []);

describe('episodePredicate', () => {
  it.each<[string, EpisodeFilter, boolean]>([
    ['no filter at all', {}, true],
    ['the same feed id', { feed_id: 'sha256:feed-a' }, true],
    ['another feed id', { feed_id: 'sha256:feed-b' }, false],
    ['a title substring in other case', { q: 'GARDENS and' }, true],
    ['a blank title query', { q: '   ' }, true],
    ['a title query that is not in the title', { q: 'bioswales' }, false],
    ['a topic query matching a pill', { topic_q: 'BIOSWALE' }, true],
    ['a topic query matching a KG topic label', { topic_q: 'green infra' }, true],
    ['a topic query matching only the title', { topic_q: 'street' }, false],
    ['since on the publish day', { since: '2026-03-04' }, true],
    ['since after the publish day', { since: '2026-03-05' }, false],
    [
      'a cluster set listing the bare episode id',
      { clusteredEpisodeIds: new Set(['guid-1']) },
      true,
    ],
    ['a cluster set without the episode', { clusteredEpisodeIds: new Set(['guid-2']) }, false],
    [
      'all filters together',
      { feed_id: 'sha256:feed-a', q: 'rain', topic_q: 'green', since: '2026-01-01' },
      true,
    ],
  ])('with %s: %s', (_name, filter, expected) => {
    expect(episodePredicate(filter, textOf)(episode)).toBe(expected);
  });

  it('never lets an undated episode through a since filter', () => {
    expect(episodePredicate({ since: '1900-01-01' }, textOf)(undated)).toBe(false);
    expect(episodePredicate({}, textOf)(undated)).toBe(true);
  });
});

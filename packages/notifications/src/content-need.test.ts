import { describe, expect, it } from '@jest/globals';
import { EMPTY_TOPIC_CLUSTER_INDEX, type TopicClusterIndex } from '@podcast/corpus';
import { CONTENT_NEED_MAX, contentFilterOf, contentNeedOf } from './content-need.js';

const audience = (feeds: string[], interests: string[]) => ({
  feeds: new Set(feeds),
  interests: new Set(interests),
});

describe('contentNeedOf', () => {
  it("reaches back to the longest window's first day and joins the due users' feeds, interests and plays", () => {
    const need = contentNeedOf(new Date('2026-03-01T07:00:00Z'), [
      { audience: audience(['f1'], ['topic:a']), played: ['s1'] },
      { audience: audience(['f1', 'f2'], ['tc:c']), played: [] },
    ]);
    expect(need.since).toBe('2026-01-29');
    expect([...need.feeds]).toEqual(['f1', 'f2']);
    expect([...need.interests]).toEqual(['topic:a', 'tc:c']);
    expect([...need.slugs]).toEqual(['s1']);
  });

  it('names nothing but the window when no user is due', () => {
    const need = contentNeedOf(new Date('2026-01-01T00:30:00Z'), []);
    expect(need).toEqual({
      since: '2025-12-01',
      feeds: new Set(),
      interests: new Set(),
      slugs: new Set(),
    });
  });
});

describe('contentFilterOf', () => {
  const clusters: TopicClusterIndex = {
    clusterOf: () => undefined,
    topicsIn: (id) => (id === 'tc:c' ? ['topic:x', 'topic:y'] : []),
  };

  it("looks for every interest among topics and persons, and for a cluster's member topics", () => {
    const need = contentNeedOf(new Date('2026-03-01T07:00:00Z'), [
      { audience: audience(['f1'], ['person:p', 'tc:c']), played: ['s1'] },
    ]);
    expect(contentFilterOf(need, clusters)).toEqual({
      since: '2026-01-29',
      feeds: ['f1'],
      slugs: ['s1'],
      topics: ['person:p', 'tc:c', 'topic:x', 'topic:y'],
      persons: ['person:p', 'tc:c'],
    });
  });

  it('reads every episode without a need', () => {
    expect(contentFilterOf(undefined, clusters)).toBeUndefined();
  });

  it('reads every episode once the lists would pass the bound', () => {
    const feeds = Array.from({ length: CONTENT_NEED_MAX }, (_, n) => `f${n}`);
    const at = new Date('2026-03-01T07:00:00Z');
    const bounded = contentNeedOf(at, [{ audience: audience(feeds, []), played: [] }]);
    expect(contentFilterOf(bounded, EMPTY_TOPIC_CLUSTER_INDEX)?.feeds).toHaveLength(
      CONTENT_NEED_MAX,
    );
    const over = contentNeedOf(at, [{ audience: audience(feeds, []), played: ['s'] }]);
    expect(contentFilterOf(over, EMPTY_TOPIC_CLUSTER_INDEX)).toBeUndefined();
  });
});

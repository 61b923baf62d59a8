import { describe, expect, it } from '@jest/globals';
import { tiersFor, wherePredicate } from './search-filter.js';

describe('search filters', () => {
  it('is empty when nothing filters', () => {
    expect(wherePredicate({})).toBeUndefined();
    expect(tiersFor({})).toEqual(['insight', 'segment', 'aux']);
  });

  it('joins every filter, quoting values safely', () => {
    expect(
      wherePredicate({
        docTypes: ['insight', 'quote'],
        feed: "o'brien",
        since: '2026-01-01',
        speaker: 'maya_r',
        groundedOnly: true,
        episodeIds: ['e1'],
      }),
    ).toBe(
      "doc_type IN ('insight', 'quote') AND feed_id = 'o''brien' AND publish_date >= '2026-01-01' AND " +
        "speakers LIKE '%person:maya\\_r%' AND (doc_type <> 'insight' OR grounded = true) AND episode_id IN ('e1')",
    );
  });

  it('limits tables to the tiers of the requested doc types', () => {
    expect(tiersFor({ docTypes: ['transcript', 'kg_topic'] })).toEqual(['segment', 'aux']);
  });

  it('matches nothing for an empty episode scope', () => {
    expect(wherePredicate({ episodeIds: [] })).toBe("episode_id IN ('')");
  });
});

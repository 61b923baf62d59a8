import { describe, expect, it } from '@jest/globals';
import { compareSubjects } from './compare-subjects.js';
import type { SearchHit } from './search-hits.js';

function hit(docId: string, episodeId: string, extra: Partial<SearchHit> = {}): SearchHit {
  return {
    doc_id: docId,
    doc_type: 'insight',
    source_tier: 'insight',
    score: 0.01,
    text: docId,
    episode_id: episodeId,
    feed_id: 'f',
    publish_date: null,
    source_id: docId,
    ...extra,
  };
}

const quote = (speakerId: string | null, name?: string) => ({
  id: `q-${speakerId}`,
  text: 'said',
  speaker_id: speakerId,
  ...(name ? { speaker_name: name } : {}),
});

describe('compareSubjects', () => {
  it('shares nothing when no episode or speaker is common', () => {
    expect(compareSubjects([hit('a1', 'e1')], [hit('b1', 'e2')])).toEqual({
      shared_episodes: [],
      shared_speakers: [],
    });
    expect(compareSubjects([], [])).toEqual({ shared_episodes: [], shared_speakers: [] });
  });

  it('lists shared episodes by their best ranks, best combined first', () => {
    const a = [hit('a1', 'e1'), hit('a2', 'e2'), hit('a3', 'e1'), hit('a4', 'e3')];
    const b = [hit('b1', 'e3'), hit('b2', 'e9'), hit('b3', 'e1', { episode_title: 'One' })];
    expect(compareSubjects(a, b).shared_episodes).toEqual([
      // e1: best a rank 1 (a1, not a3), b rank 3: sum 4. e3: 4 + 1 = 5.
      expect.objectContaining({ episode_id: 'e1', a_rank: 1, b_rank: 3, a_doc_id: 'a1' }),
      expect.objectContaining({ episode_id: 'e3', a_rank: 4, b_rank: 1, b_doc_id: 'b1' }),
    ]);
    expect(compareSubjects(a, b).shared_episodes[0]?.episode_title).toBe('One');
  });

  it('breaks equal rank sums on the episode id', () => {
    const a = [hit('a1', 'z'), hit('a2', 'm')];
    const b = [hit('b1', 'm'), hit('b2', 'z')];
    expect(compareSubjects(a, b).shared_episodes.map((e) => e.episode_id)).toEqual(['m', 'z']);
  });

  it('counts the speakers each side quotes, from lifted quotes and supporting quotes', () => {
    const lifted = (id: string, name: string) => ({
      insight: { id: 'insight:x', text: 't', grounded: true },
      quote: { id: 'quote:x' },
      speaker: { id, display_name: name },
    });
    const a = [
      hit('a1', 'e1', { lifted: lifted('person:ada', 'Ada') }),
      hit('a2', 'e2', { supporting_quotes: [quote('person:ada'), quote('person:bo', 'Bo')] }),
      hit('a3', 'e3', { supporting_quotes: [quote(null), quote('person:cy', 'Cy')] }),
    ];
    const b = [
      hit('b1', 'e4', { supporting_quotes: [quote('person:bo'), quote('person:ada', 'Ada L.')] }),
      hit('b2', 'e5', { supporting_quotes: [quote('person:bo', 'Bo')] }),
      hit('b3', 'e6', { supporting_quotes: [quote('person:dee', 'Dee')] }),
    ];
    expect(compareSubjects(a, b).shared_speakers).toEqual([
      // Both are quoted at least once on each side and three times in all: the id decides.
      { id: 'person:ada', display_name: 'Ada', a_hits: 2, b_hits: 1 },
      { id: 'person:bo', display_name: 'Bo', a_hits: 1, b_hits: 2 },
    ]);
  });

  it('puts the most evenly quoted speaker first', () => {
    const said = (id: string) => ({ supporting_quotes: [quote(id, id)] });
    const a = [
      hit('a1', 'e1', said('p:x')),
      hit('a2', 'e1', said('p:x')),
      hit('a3', 'e1', said('p:y')),
      hit('a4', 'e1', said('p:y')),
    ];
    const b = [
      hit('b1', 'e2', said('p:x')),
      hit('b2', 'e2', said('p:y')),
      hit('b3', 'e2', said('p:y')),
    ];
    // x: 2 and 1 (min 1); y: 2 and 2 (min 2).
    expect(compareSubjects(a, b).shared_speakers.map((s) => s.id)).toEqual(['p:y', 'p:x']);
  });
});

import type { SearchCompareResponse } from '@podcast/contracts';
import type { SearchHit } from './search-hits.js';

type SharedEpisode = SearchCompareResponse['shared_episodes'][number];
type SharedSpeaker = SearchCompareResponse['shared_speakers'][number];

/** What two result lists share: the response's lists (their contract is the single definition). */
export type SubjectComparison = Pick<SearchCompareResponse, 'shared_episodes' | 'shared_speakers'>;

/** The best (first) hit of each episode, with its 1-based rank. */
function bestByEpisode(hits: readonly SearchHit[]): Map<string, { rank: number; hit: SearchHit }> {
  const best = new Map<string, { rank: number; hit: SearchHit }>();
  hits.forEach((hit, i) => {
    if (!best.has(hit.episode_id)) {
      best.set(hit.episode_id, { rank: i + 1, hit });
    }
  });
  return best;
}

/** The speakers one hit names: its lifted quote's speaker and its supporting quotes' speakers. */
function speakersOf(hit: SearchHit): Map<string, string | null> {
  const named = new Map<string, string | null>();
  if (hit.lifted?.speaker) {
    named.set(hit.lifted.speaker.id, hit.lifted.speaker.display_name);
  }
  for (const quote of hit.supporting_quotes ?? []) {
    if (quote.speaker_id !== null) {
      named.set(quote.speaker_id, named.get(quote.speaker_id) ?? quote.speaker_name ?? null);
    }
  }
  return named;
}

function speakerCounts(hits: readonly SearchHit[]) {
  const counts = new Map<string, { name: string | null; hits: number }>();
  for (const hit of hits) {
    for (const [id, name] of speakersOf(hit)) {
      const known = counts.get(id);
      counts.set(id, { name: known?.name ?? name, hits: (known?.hits ?? 0) + 1 });
    }
  }
  return counts;
}

/** The keys both maps hold, with each side's value, in the first map's order. */
function inBoth<V>(first: Map<string, V>, second: Map<string, V>): [string, V, V][] {
  return [...first].flatMap(([key, value]) => {
    const other = second.get(key);
    return other === undefined ? [] : [[key, value, other] as [string, V, V]];
  });
}

/**
 * What two subjects' result lists have in common (POST /api/search/compare):
 * the episodes both reach, best combined rank first, and the speakers quoted
 * in both, most evenly quoted first. Pure; ties break on the id.
 */
export function compareSubjects(
  a: readonly SearchHit[],
  b: readonly SearchHit[],
): SubjectComparison {
  const sharedEpisodes: SharedEpisode[] = inBoth(bestByEpisode(a), bestByEpisode(b)).map(
    ([episodeId, first, second]) => ({
      episode_id: episodeId,
      episode_slug: first.hit.episode_slug ?? second.hit.episode_slug,
      episode_title: first.hit.episode_title ?? second.hit.episode_title,
      podcast_title: first.hit.podcast_title ?? second.hit.podcast_title,
      a_rank: first.rank,
      b_rank: second.rank,
      a_doc_id: first.hit.doc_id,
      b_doc_id: second.hit.doc_id,
    }),
  );
  sharedEpisodes.sort(
    (x, y) => x.a_rank + x.b_rank - (y.a_rank + y.b_rank) || (x.episode_id < y.episode_id ? -1 : 1),
  );
  const sharedSpeakers: SharedSpeaker[] = inBoth(speakerCounts(a), speakerCounts(b)).map(
    ([id, first, second]) => ({
      id,
      display_name: first.name ?? second.name,
      a_hits: first.hits,
      b_hits: second.hits,
    }),
  );
  sharedSpeakers.sort(
    (x, y) =>
      Math.min(y.a_hits, y.b_hits) - Math.min(x.a_hits, x.b_hits) ||
      y.a_hits + y.b_hits - (x.a_hits + x.b_hits) ||
      (x.id < y.id ? -1 : 1),
  );
  return { shared_episodes: sharedEpisodes, shared_speakers: sharedSpeakers };
}

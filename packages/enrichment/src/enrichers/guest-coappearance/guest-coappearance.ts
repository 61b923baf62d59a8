import { z } from 'zod';
import type { EpisodeFacts } from '../../facts.js';
import { corpusEnricher, DETERMINISTIC } from '../../manifest.js';
import { connectedGroups, countPairs, splitPair } from '../pair-counts.js';

/** guest_coappearance `data`: people heard in the same episode, and the connected groups they form. */
export function guestCoappearance(groups: ReadonlyArray<readonly string[]>) {
  const { single, pairs } = countPairs(groups);
  const rows = [...pairs.entries()]
    .map(([key, count]) => {
      const [a, b] = splitPair(key);
      return { person_a_id: a, person_b_id: b, episode_count: count };
    })
    .sort(
      (x, y) =>
        y.episode_count - x.episode_count ||
        (x.person_a_id + x.person_b_id < y.person_a_id + y.person_b_id ? -1 : 1),
    );
  const communities = connectedGroups([...single.keys()], pairs.keys());
  return {
    pairs: rows,
    communities: communities.map((members, i) => ({
      community_id: `community-${i + 1}`,
      person_ids: members,
      size: members.length,
    })),
  };
}

export const guestCoappearanceEnricher = corpusEnricher(
  {
    id: 'guest_coappearance',
    ...DETERMINISTIC,
    description: 'People heard in the same episode, and the communities they form',
    config_schema: z.object({}),
  },
  (episodes: readonly EpisodeFacts[]) => {
    const data = guestCoappearance(episodes.map((e) => e.people.map((p) => p.id)));
    return { data, records_written: data.pairs.length, cost_usd: 0 };
  },
);

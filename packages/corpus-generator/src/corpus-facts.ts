import type { EpisodeArtifacts } from './episode-files.js';
import type { Person, Topic } from './plan-types.js';

/** What corpus-scope files need to know about one episode. */
export interface EpisodeFacts {
  feedIndex: number;
  episodeId: string;
  publishedMs: number;
  durationSeconds: number;
  /** KG topics; empty when the episode has no KG. */
  topics: Topic[];
  /** Hosts and guests who speak. */
  people: Person[];
  /** Insight counts per attributed speaker; empty when the episode has no GI. */
  insightsByPerson: Array<{ person: Person; total: number; grounded: number }>;
  hasGi: boolean;
  hasKg: boolean;
}

export function factsOf(artifacts: EpisodeArtifacts): EpisodeFacts {
  const { context, hasGi, hasKg } = artifacts;
  const byPerson = new Map<string, { person: Person; total: number; grounded: number }>();
  for (const insight of hasGi ? context.insights : []) {
    const row = byPerson.get(insight.speaker.id) ?? {
      person: insight.speaker,
      total: 0,
      grounded: 0,
    };
    row.total += 1;
    row.grounded += insight.grounded ? 1 : 0;
    byPerson.set(insight.speaker.id, row);
  }
  return {
    feedIndex: context.feed.index,
    episodeId: context.episode.episodeId,
    publishedMs: context.episode.publishedMs,
    durationSeconds: context.transcript.durationSeconds,
    topics: hasKg ? context.episode.topics : [],
    people: context.speakers,
    insightsByPerson: [...byPerson.values()],
    hasGi,
    hasKg,
  };
}

/**
 * Keeps one fact row per (feed, episode_id); a later run replaces an earlier
 * one, mirroring the reader's "newest run wins" dedup (spec 04 §1.2).
 */
export class EpisodeFactsCollector {
  private readonly rows = new Map<string, EpisodeFacts>();

  add(facts: EpisodeFacts): void {
    this.rows.set(`${facts.feedIndex}\u0000${facts.episodeId}`, facts);
  }

  list(): EpisodeFacts[] {
    return [...this.rows.values()];
  }
}

/** topic id → sorted episode ids of episodes whose KG carries it. */
export function episodesByTopic(
  facts: readonly EpisodeFacts[],
): Map<string, { topic: Topic; episodeIds: string[] }> {
  const index = new Map<string, { topic: Topic; episodeIds: string[] }>();
  for (const row of facts) {
    for (const topic of row.topics) {
      const entry = index.get(topic.id) ?? { topic, episodeIds: [] };
      entry.episodeIds.push(row.episodeId);
      index.set(topic.id, entry);
    }
  }
  for (const entry of index.values()) {
    entry.episodeIds.sort();
  }
  return new Map([...index.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

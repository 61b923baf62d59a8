import { slugify } from '@podcast/corpus';
import { z } from 'zod';
import { type EpisodeFacts, roundTo } from '../../facts.js';
import { corpusEnricher, DETERMINISTIC } from '../../manifest.js';
import { cooccurrenceOf, liftGroups, meanLiftTo } from './lift-groups.js';

export interface ThemeClusterOptions {
  minEpisodes: number;
  minCooccurrence: number;
  minLift: number;
  maxMembers: number;
  maxEpisodeIds: number;
}

/** Super themes gather up to this many storylines. */
const SUPER_THEME_MAX = 8;

/** `prefix:<slug(label)>`, with `-1`, `-2` … on a collision (as the tc: ids of spec 04 §6). */
function idMaker(prefix: string) {
  const used = new Map<string, number>();
  return (label: string) => {
    const base = `${prefix}:${slugify(label) || 'theme'}`;
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen}`;
  };
}

/** Episode ids by topic id, and each topic's first label. */
function topicIndex(
  episodes: readonly Pick<EpisodeFacts, 'episodeId' | 'topicIds' | 'topicLabels'>[],
) {
  const episodesOf = new Map<string, string[]>();
  const labels = new Map<string, string>();
  for (const episode of episodes) {
    for (const id of new Set(episode.topicIds)) {
      const list = episodesOf.get(id) ?? [];
      list.push(episode.episodeId);
      episodesOf.set(id, list);
      const label = episode.topicLabels[id]?.trim();
      if (label && !labels.has(id)) {
        labels.set(id, label);
      }
    }
  }
  return { episodesOf, labelOf: (id: string) => labels.get(id) ?? id };
}

/**
 * topic_theme_clusters `data` (spec 04 §6, method cooccurrence_lift):
 * storylines of topics discussed together more often than chance. Topics
 * in at least minEpisodes episodes are linked when they share at least
 * minCooccurrence episodes with lift at least minLift; the strongest free
 * link seeds a storyline, which takes the topic of highest mean lift to its
 * members while that stays at minLift (lift-groups.ts). Each member carries
 * that mean lift as `lift_to_cluster`; the highest names the storyline, as
 * the readers pick its anchor. Storylines are grouped the same way into
 * super themes by the episodes they share.
 */
export function topicThemeClusters(
  episodes: readonly Pick<EpisodeFacts, 'episodeId' | 'topicIds' | 'topicLabels'>[],
  options: ThemeClusterOptions,
) {
  const { episodesOf, labelOf } = topicIndex(episodes);
  const topics = cooccurrenceOf(episodes.map((e) => [...new Set(e.topicIds)]));
  const candidates = [...episodesOf.keys()]
    .filter((id) => (episodesOf.get(id)?.length ?? 0) >= options.minEpisodes)
    .sort();
  const rules = { minCooccurrence: options.minCooccurrence, minLift: options.minLift };
  const groups = liftGroups(topics, candidates, {
    ...rules,
    minMembers: 2,
    maxMembers: options.maxMembers,
  });
  const described = groups
    .map((ids) =>
      ids
        .map((id) => ({
          topic_id: id,
          label: labelOf(id),
          lift_to_cluster: roundTo(meanLiftTo(topics, id, ids), 3),
          episode_count: episodesOf.get(id)?.length ?? 0,
          episode_ids: [...(episodesOf.get(id) ?? [])].sort().slice(0, options.maxEpisodeIds),
        }))
        .sort(
          (a, b) => b.lift_to_cluster - a.lift_to_cluster || (a.topic_id < b.topic_id ? -1 : 1),
        ),
    )
    .sort(
      (a, b) => b.length - a.length || ((a[0]?.topic_id ?? '') < (b[0]?.topic_id ?? '') ? -1 : 1),
    );
  const clusterId = idMaker('thc');
  const clusters = described.map((members) => {
    const label = members[0]?.label ?? 'theme';
    return {
      graph_compound_parent_id: clusterId(label),
      cluster_type: 'theme',
      canonical_label: label,
      member_count: members.length,
      members,
    };
  });
  return {
    method: 'cooccurrence_lift',
    episodes_considered: topics.total,
    topic_count: candidates.length,
    cluster_count: clusters.length,
    clusters: withSuperThemes(clusters, episodes, rules),
  };
}

type Cluster = {
  graph_compound_parent_id: string;
  canonical_label: string;
  members: { topic_id: string }[];
};

/** Each storyline with `super_theme_id` and `super_theme_label`, from the episodes storylines share. */
function withSuperThemes<C extends Cluster>(
  clusters: readonly C[],
  episodes: readonly Pick<EpisodeFacts, 'topicIds'>[],
  rules: { minCooccurrence: number; minLift: number },
) {
  const clusterOfTopic = new Map<string, string>();
  for (const cluster of clusters) {
    for (const member of cluster.members) {
      clusterOfTopic.set(member.topic_id, cluster.graph_compound_parent_id);
    }
  }
  const shared = cooccurrenceOf(
    episodes.map((e) => [...new Set(e.topicIds.flatMap((id) => clusterOfTopic.get(id) ?? []))]),
  );
  const ids = clusters.map((c) => c.graph_compound_parent_id);
  const groups = liftGroups(shared, ids, {
    ...rules,
    minMembers: 1,
    maxMembers: SUPER_THEME_MAX,
  });
  const labelOf = new Map(clusters.map((c) => [c.graph_compound_parent_id, c.canonical_label]));
  const superId = idMaker('sth');
  const superOf = new Map<string, { id: string; label: string }>();
  for (const group of groups) {
    // Named for its largest storyline: `ids` lists them largest first.
    const largest = ids.find((id) => group.includes(id)) as string;
    const label = labelOf.get(largest) ?? 'theme';
    const id = superId(label);
    for (const member of group) {
      superOf.set(member, { id, label });
    }
  }
  return clusters.map((cluster) => {
    const found = superOf.get(cluster.graph_compound_parent_id);
    return {
      ...cluster,
      super_theme_id: found?.id ?? null,
      super_theme_label: found?.label ?? null,
    };
  });
}

export const topicThemeClustersEnricher = corpusEnricher(
  {
    id: 'topic_theme_clusters',
    ...DETERMINISTIC,
    description:
      'Storylines: topics discussed together more often than chance (co-occurrence lift)',
    config_schema: z.object({
      min_episodes: z.number().int().min(1).max(1000).default(2).describe('Episodes a topic needs'),
      min_cooccurrence: z
        .number()
        .int()
        .min(1)
        .max(1000)
        .default(2)
        .describe('Episodes two topics must share to be linked'),
      min_lift: z
        .number()
        .min(0)
        .max(1000)
        .default(1.5)
        .describe('Lift two topics need to be linked'),
      max_members: z
        .number()
        .int()
        .min(2)
        .max(100)
        .default(12)
        .describe('Topics a storyline holds'),
      max_episode_ids: z
        .number()
        .int()
        .min(1)
        .max(10_000)
        .default(200)
        .describe('Episode ids listed per member (episode_count has them all)'),
    }),
  },
  (episodes, config) => {
    const data = topicThemeClusters(episodes, {
      minEpisodes: config.min_episodes,
      minCooccurrence: config.min_cooccurrence,
      minLift: config.min_lift,
      maxMembers: config.max_members,
      maxEpisodeIds: config.max_episode_ids,
    });
    return { data, records_written: data.clusters.length, cost_usd: 0 };
  },
);

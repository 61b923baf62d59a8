import { type EpisodeFacts, episodesByTopic } from './corpus-facts.js';
import { roundTo } from './prng.js';
import { slugify } from './text.js';
import { makeTopic } from './topics.js';
import type { Domain } from './vocabulary/domain.js';
import { SHARED_THEMES } from './vocabulary/domain.js';

interface ThemeSpec {
  label: string;
  superTheme: string;
  topicIds: string[];
}

function themeSpecs(domains: readonly Domain[]): ThemeSpec[] {
  return [
    ...domains.map((d) => ({
      label: d.label,
      superTheme: d.superTheme,
      topicIds: d.topics.map((t) => makeTopic(t.label, t.family).id),
    })),
    ...SHARED_THEMES.map((t) => ({
      label: t.label,
      superTheme: 'Cross-show threads',
      topicIds: t.topics.map((label) => makeTopic(label, '').id),
    })),
  ];
}

/**
 * Mean pairwise lift of a topic with the other members, over the episodes
 * that have a KG: P(topic ∧ other) / (P(topic) P(other)); 0 when it never
 * shares an episode with them.
 */
function liftToCluster(
  topicId: string,
  memberIds: readonly string[],
  episodes: ReadonlyArray<ReadonlySet<string>>,
): number {
  const total = Math.max(1, episodes.length);
  const share = (ids: readonly string[]) =>
    episodes.filter((topics) => ids.every((id) => topics.has(id))).length / total;
  const others = memberIds.filter((id) => id !== topicId);
  const own = share([topicId]);
  if (others.length === 0 || own === 0) {
    return 0;
  }
  const lifts = others.map((other) => {
    const alone = share([other]);
    return alone === 0 ? 0 : share([topicId, other]) / (own * alone);
  });
  return roundTo(lifts.reduce((a, b) => a + b, 0) / lifts.length, 3);
}

/**
 * `data` of `enrichments/topic_theme_clusters.json` (spec 04 §6): one theme
 * per domain in the corpus (usually ≥ 4 members) plus the small cross-show
 * threads, keeping only topics some episode's KG carries.
 */
export function buildThemeClusters(
  domains: readonly Domain[],
  facts: readonly EpisodeFacts[],
): Record<string, unknown> {
  const byTopic = episodesByTopic(facts);
  const episodes = facts
    .filter((f) => f.topics.length > 0)
    .map((f) => new Set(f.topics.map((t) => t.id)));
  const clusters = themeSpecs(domains)
    .map((spec) => {
      const present = spec.topicIds.filter((id) => byTopic.has(id));
      const members = present.map((id) => {
        const entry = byTopic.get(id);
        return {
          topic_id: id,
          label: entry?.topic.label ?? id,
          lift_to_cluster: liftToCluster(id, present, episodes),
          episode_ids: entry?.episodeIds ?? [],
        };
      });
      return {
        graph_compound_parent_id: `thc:${slugify(spec.label)}`,
        cluster_type: 'theme',
        canonical_label: spec.label,
        member_count: members.length,
        members,
        super_theme_id: `sth:${slugify(spec.superTheme)}`,
        super_theme_label: spec.superTheme,
      };
    })
    .filter((cluster) => cluster.member_count > 0);
  return { method: 'cooccurrence_lift', cluster_count: clusters.length, clusters };
}

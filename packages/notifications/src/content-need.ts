import type { EpisodeContentFilter, TopicClusterIndex } from '@podcast/corpus';
import type { Audience } from './digest-content.js';
import { LONGEST_WINDOW_DAYS } from './plan.js';

const DAY = 86_400_000;

/**
 * Past this many feeds, slugs and interest ids a tick reads every episode,
 * so one statement's parameter list stays bounded on both engines.
 */
export const CONTENT_NEED_MAX = 2000;

/**
 * What one tick's plans can use of the corpus: the episodes published in
 * the longest window, every episode of a due user's feeds and interests (a
 * nudge resurfaces from all of them, however old), and the episodes a due
 * user played lately (the recap's). Reading only these plans the same
 * envelopes as reading the whole corpus.
 */
export interface ContentNeed {
  /** `YYYY-MM-DD`: episodes published on or after this day. */
  since: string;
  feeds: ReadonlySet<string>;
  /** Interest tokens (`topic:`, `person:`, `tc:`), as the audiences hold them. */
  interests: ReadonlySet<string>;
  slugs: ReadonlySet<string>;
}

/** The need of a tick at `at` whose due users have these audiences and recently played slugs. */
export function contentNeedOf(
  at: Date,
  due: Iterable<{ audience: Audience; played: Iterable<string> }>,
): ContentNeed {
  const feeds = new Set<string>();
  const interests = new Set<string>();
  const slugs = new Set<string>();
  for (const { audience, played } of due) {
    for (const feed of audience.feeds) {
      feeds.add(feed);
    }
    for (const interest of audience.interests) {
      interests.add(interest);
    }
    for (const slug of played) {
      slugs.add(slug);
    }
  }
  // publish_date is a UTC day: any episode inside the window is dated on or after the window's first day.
  const since = new Date(at.getTime() - LONGEST_WINDOW_DAYS * DAY).toISOString().slice(0, 10);
  return { since, feeds, interests, slugs };
}

/**
 * The need as a filter of the corpus's episodes, or undefined (every
 * episode) without a need or past CONTENT_NEED_MAX. An interest matches an episode's topic,
 * person or cluster ref, so each one is looked for among both topics and
 * persons, and a cluster's member topics stand for the cluster: a
 * superset of what the planners then match.
 */
export function contentFilterOf(
  need: ContentNeed | undefined,
  clusters: TopicClusterIndex,
): EpisodeContentFilter | undefined {
  if (need === undefined) {
    return undefined;
  }
  const ids = [...need.interests];
  const topics = new Set(ids);
  for (const id of ids) {
    for (const topic of clusters.topicsIn(id)) {
      topics.add(topic);
    }
  }
  const size = need.feeds.size + need.slugs.size + topics.size + ids.length;
  if (size > CONTENT_NEED_MAX) {
    return undefined;
  }
  return {
    since: need.since,
    feeds: [...need.feeds],
    slugs: [...need.slugs],
    topics: [...topics],
    persons: ids,
  };
}

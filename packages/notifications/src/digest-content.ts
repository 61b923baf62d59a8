import type { DeliveryItem, DeliverySection } from '@podcast/contracts';
import { byNewest, type ContentIndex, followedBy, publishedIn } from './content-index.js';

/** An episode as the planners see it, adapted from the corpus by the caller. */
export interface ContentEpisode {
  slug: string;
  feed_id: string;
  title: string;
  podcast_title: string | null;
  /** ISO timestamp, or null when undated (undated episodes are never "new"). */
  published_at: string | null;
  /** Graph ids the episode is about: `topic:…`, `person:…`, then the `tc:…` clusters of its topics. */
  graph_refs: string[];
  duration_seconds: number | null;
  insights: { id: string; text: string }[];
}

/** Whose content a digest is made of: the library's feeds and the followed interests. */
export interface Audience {
  feeds: ReadonlySet<string>;
  /** Interest tokens (`topic:`, `person:`, `tc:`), matched against the episodes' graph refs. */
  interests: ReadonlySet<string>;
}

export interface Window {
  from: Date;
  to: Date;
}

export const DIGEST_EPISODES_MAX = 8;
export const DIGEST_INSIGHTS_MAX = 5;
const REFS_PER_ITEM = 4;

// Titles come from feeds; the payload refuses markup, so tags are dropped here.
function plain(text: string, fallback: string): string {
  const stripped = text.replace(/<[^>]*>/g, '').trim();
  return stripped === '' ? fallback : stripped;
}

function matchesInterests(episode: ContentEpisode, interests: ReadonlySet<string>): boolean {
  return episode.graph_refs.some((ref) => interests.has(ref));
}

const episodeLink = (slug: string) => `/episodes/${encodeURIComponent(slug)}`;

export function episodeItem(episode: ContentEpisode): DeliveryItem {
  return {
    title: plain(episode.title, 'Untitled episode'),
    ...(episode.podcast_title ? { subtitle: plain(episode.podcast_title, 'Podcast') } : {}),
    graph_refs: episode.graph_refs.slice(0, REFS_PER_ITEM),
    deep_link: episodeLink(episode.slug),
  };
}

export function insightItem(episode: ContentEpisode, insight: { id: string; text: string }) {
  return {
    title: plain(insight.text, 'Insight'),
    subtitle: plain(episode.title, 'Untitled episode'),
    graph_refs: [insight.id, ...episode.graph_refs.slice(0, REFS_PER_ITEM - 1)],
    deep_link: `${episodeLink(episode.slug)}?insight=${encodeURIComponent(insight.id)}`,
  } satisfies DeliveryItem;
}

/** The kind and title of each section a message of episodes and their insights carries. */
const SECTION_TITLES = {
  digest: {
    episodes: ['new_episodes', 'New in your library'],
    insights: ['top_insights', 'Insights worth your time'],
  },
  recommendations: {
    episodes: ['recommended_episodes', 'You might like'],
    insights: ['recommended_insights', 'Ideas from shows you do not follow yet'],
  },
  recap: {
    episodes: ['finished_today', 'You finished today'],
    insights: ['recap_insights', 'What to remember'],
  },
} satisfies Record<string, { episodes: [string, string]; insights: [string, string] }>;

/** Episodes, then their first insights in turn, as two sections; empty sections are left out. */
function sectionsOf(
  episodes: ContentEpisode[],
  titles: (typeof SECTION_TITLES)[keyof typeof SECTION_TITLES],
): DeliverySection[] {
  const chosen = episodes.slice(0, DIGEST_EPISODES_MAX);
  const insights = chosen
    .flatMap((episode) =>
      episode.insights.slice(0, 2).map((insight) => insightItem(episode, insight)),
    )
    .slice(0, DIGEST_INSIGHTS_MAX);
  const sections: DeliverySection[] = [];
  if (chosen.length > 0) {
    sections.push({
      kind: titles.episodes[0],
      title: titles.episodes[1],
      items: chosen.map(episodeItem),
    });
  }
  if (insights.length > 0) {
    sections.push({ kind: titles.insights[0], title: titles.insights[1], items: insights });
  }
  return sections;
}

/**
 * The digest: episodes of the library's feeds or matching an interest,
 * published inside the window, newest first, and their leading insights.
 * No sections means no content, and so no envelope.
 */
export function selectDigestSections(
  index: ContentIndex,
  audience: Audience,
  window: Window,
): DeliverySection[] {
  const fresh = followedBy(index, audience, window).sort(byNewest);
  return sectionsOf(fresh, SECTION_TITLES.digest);
}

/**
 * The monthly recommendations: discovery only, so episodes outside the
 * library's feeds, published inside the window; those matching an interest
 * come first.
 */
export function selectRecommendationSections(
  index: ContentIndex,
  audience: Audience,
  window: Window,
): DeliverySection[] {
  const outside = publishedIn(index, window).filter(
    (episode) => !audience.feeds.has(episode.feed_id),
  );
  const rank = (episode: ContentEpisode) => (matchesInterests(episode, audience.interests) ? 0 : 1);
  outside.sort((a, b) => rank(a) - rank(b) || byNewest(a, b));
  return sectionsOf(outside, SECTION_TITLES.recommendations);
}

/** The daily recap: the episodes finished in the user's local day and their insights. */
export function selectRecapSections(finished: readonly ContentEpisode[]): DeliverySection[] {
  return sectionsOf([...finished], SECTION_TITLES.recap);
}

/**
 * The resurface nudge: one insight from the library or interests, picked by
 * a seed (the period key) so a re-run picks the same one. Only graph-carrying
 * content qualifies, so an insight always does.
 */
export function selectNudgeSection(
  index: ContentIndex,
  audience: Audience,
  seed: string,
): DeliverySection[] {
  const pool = followedBy(index, audience)
    .filter((episode) => episode.insights.length > 0)
    .sort(byNewest);
  const total = pool.reduce((sum, episode) => sum + episode.insights.length, 0);
  if (total === 0) {
    return [];
  }
  let hash = 0;
  for (const char of seed) {
    hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  }
  let place = hash % total;
  for (const episode of pool) {
    if (place < episode.insights.length) {
      const item = insightItem(
        episode,
        episode.insights[place] as ContentEpisode['insights'][number],
      );
      return [{ kind: 'resurfaced_insight', title: 'From your library', items: [item] }];
    }
    place -= episode.insights.length;
  }
  return [];
}

import type { Audience, ContentEpisode, Window } from './digest-content.js';

/**
 * The corpus indexed once per tick, so planning a user costs the size of the
 * user's library, not of the corpus: 10,000 users × 10,000 episodes would be
 * 10^8 comparisons per tick.
 */
/** An episode with its publish instant (NaN when undated). */
export interface Dated {
  episode: ContentEpisode;
  ms: number;
}

export interface ContentIndex {
  /** Dated episodes, newest first; `publishedMs` holds their instants in the same order. */
  dated: readonly ContentEpisode[];
  publishedMs: readonly number[];
  /** Newest first; undated episodes (ms NaN) last. */
  byFeed: ReadonlyMap<string, readonly Dated[]>;
  byRef: ReadonlyMap<string, readonly Dated[]>;
  bySlug: ReadonlyMap<string, ContentEpisode>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    list.push(value);
  } else {
    map.set(key, [value]);
  }
}

/** Newest first, then by slug: the one order every selection uses. */
export function byNewest(a: ContentEpisode, b: ContentEpisode): number {
  // Plain code-unit comparison: localeCompare costs ~50x more and ran per user.
  return compareText(b.published_at ?? '', a.published_at ?? '') || compareText(a.slug, b.slug);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function indexContent(episodes: readonly ContentEpisode[]): ContentIndex {
  const dated = episodes
    .filter(
      (episode) => episode.published_at !== null && !Number.isNaN(Date.parse(episode.published_at)),
    )
    .map((episode) => ({ episode, at: Date.parse(episode.published_at as string) }))
    .sort((a, b) => b.at - a.at || compareText(a.episode.slug, b.episode.slug));
  const byFeed = new Map<string, Dated[]>();
  const byRef = new Map<string, Dated[]>();
  const entries = episodes
    .map((episode) => ({
      episode,
      ms: episode.published_at === null ? Number.NaN : Date.parse(episode.published_at),
    }))
    // By instant, not by text: feeds may mix date-only and offset timestamps.
    .sort(
      (a, b) =>
        (b.ms || Number.NEGATIVE_INFINITY) - (a.ms || Number.NEGATIVE_INFINITY) ||
        compareText(a.episode.slug, b.episode.slug),
    );
  for (const entry of entries) {
    const { episode } = entry;
    push(byFeed, episode.feed_id, entry);
    for (const ref of episode.graph_refs) {
      push(byRef, ref, entry);
    }
  }
  return {
    dated: dated.map((entry) => entry.episode),
    publishedMs: dated.map((entry) => entry.at),
    byFeed,
    byRef,
    bySlug: new Map(episodes.map((episode) => [episode.slug, episode])),
  };
}

// First position whose instant is below `ms` in the descending array.
function firstBelow(publishedMs: readonly number[], ms: number): number {
  let low = 0;
  let high = publishedMs.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((publishedMs[mid] as number) >= ms) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return low;
}

/** Episodes published in [from, to), newest first. */
export function publishedIn(index: ContentIndex, window: Window): ContentEpisode[] {
  const start = firstBelow(index.publishedMs, window.to.getTime());
  const end = firstBelow(index.publishedMs, window.from.getTime());
  return index.dated.slice(start, end);
}

/**
 * Episodes of the audience's feeds or matching one of its interests, once
 * each, in no order; with a window, only those published inside it (each
 * list is newest first, so the walk stops at the window's start).
 */
export function followedBy(
  index: ContentIndex,
  audience: Audience,
  window?: Window,
): ContentEpisode[] {
  const from = window?.from.getTime() ?? Number.NEGATIVE_INFINITY;
  const to = window?.to.getTime() ?? Number.POSITIVE_INFINITY;
  const found = new Map<string, ContentEpisode>();
  const walk = (entries: readonly Dated[] | undefined) => {
    for (const { episode, ms } of entries ?? []) {
      if (window !== undefined && !(ms >= from)) {
        break;
      }
      if (ms < to || window === undefined) {
        found.set(episode.slug, episode);
      }
    }
  };
  for (const feed of audience.feeds) {
    walk(index.byFeed.get(feed));
  }
  for (const interest of audience.interests) {
    walk(index.byRef.get(interest));
  }
  return [...found.values()];
}

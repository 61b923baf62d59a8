import type { LabeledId } from './episode-signals.js';
import { containsWords, normalizeWords } from './label-match.js';

/**
 * A digest topic band as configured on the server (spec 04 §8: bands come
 * from server config, not from the corpus). An episode joins the band when
 * one of its topic labels contains one of the keywords as whole words.
 */
export interface DigestBandConfig {
  id: string;
  label: string;
  keywords: readonly string[];
}

export interface DigestBandMatch<T> {
  band: DigestBandConfig;
  /** The matching topic shared by the most items of the band (ties: the smallest id). */
  graphTopicId: string;
  items: T[];
}

/** Per band (in config order), the ids of the topics that match it. */
export type BandTopicIds = readonly (readonly string[])[];

/** Rows per band: a band is a teaser, the full list lives in the rows. */
export const DIGEST_BAND_ROW_CAP = 8;

/**
 * A function from an item's topics to its band matches. Only graph topics
 * (`topic:`) count, because each band links to one. Labels repeat across
 * episodes, so each is normalised once per matcher.
 */
export function bandMatcher(
  bands: readonly DigestBandConfig[],
): (topics: readonly LabeledId[]) => BandTopicIds {
  const keywords = bands.map((band) => band.keywords.map(normalizeWords).filter((k) => k !== ''));
  const normalized = new Map<string, string>();
  const wordsOf = (label: string) => {
    let words = normalized.get(label);
    if (words === undefined) {
      words = normalizeWords(label);
      normalized.set(label, words);
    }
    return words;
  };
  return (topics) => {
    const graphTopics = topics.filter((topic) => topic.id.startsWith('topic:'));
    return keywords.map((bandKeywords) =>
      graphTopics
        .filter((topic) => bandKeywords.some((k) => containsWords(wordsOf(topic.label), k)))
        .map((topic) => topic.id),
    );
  };
}

function mostFrequent(counts: ReadonlyMap<string, number>): string {
  let best = '';
  let bestCount = 0;
  for (const [id, count] of counts) {
    if (count > bestCount || (count === bestCount && id < best)) {
      best = id;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Each configured band with the items (in the given order, at most eight)
 * that match it; bands nothing matches are left out.
 */
export function matchDigestBands<T>(
  items: readonly T[],
  matchesOf: (item: T) => BandTopicIds,
  bands: readonly DigestBandConfig[],
): DigestBandMatch<T>[] {
  const counts = bands.map(() => new Map<string, number>());
  const matched = bands.map((): T[] => []);
  for (const item of items) {
    matchesOf(item).forEach((topicIds, b) => {
      for (const topicId of topicIds) {
        counts[b]?.set(topicId, (counts[b]?.get(topicId) ?? 0) + 1);
      }
      const list = matched[b];
      if (topicIds.length > 0 && list && list.length < DIGEST_BAND_ROW_CAP) {
        list.push(item);
      }
    });
  }
  return bands.flatMap((band, b) => {
    const items = matched[b] ?? [];
    const graphTopicId = mostFrequent(counts[b] ?? new Map());
    return items.length === 0 ? [] : [{ band, graphTopicId, items }];
  });
}

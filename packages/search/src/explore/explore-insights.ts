import type {
  CorpusSnapshot,
  EpisodeRecord,
  ListedInsight,
  NormalizedInsight,
} from '@podcast/corpus';
import { listedInsightOf, topicLabelsOf } from '@podcast/corpus';
import type { SupportingQuote } from '../query/search-hits.js';

export type ExploreSort = 'confidence' | 'date' | 'relevance';

export interface ExploreFilter {
  /** A topic id (`topic:` optional) or, unless strict, a substring of a topic label. */
  topic?: string;
  /** A person id (`person:` optional) among the insight's speakers and mentions. */
  speaker?: string;
  groundedOnly: boolean;
  minConfidence?: number;
  /** Topic by exact id only (no label match). */
  strict: boolean;
}

/**
 * What the filter compares, resolved once: the ids with their prefixes, and
 * the label needle lower-cased (absent when strict). A store that filters
 * elsewhere (the corpus index, in SQL) takes these, so the rules stay here.
 */
export interface ExploreTerms {
  groundedOnly: boolean;
  /** Kept when `(confidence ?? 0) >= minConfidence`. */
  minConfidence?: number;
  personId?: string;
  /** Kept when one of the insight's topics is this id or its label holds `topicNeedle`. */
  topicId?: string;
  topicNeedle?: string;
}

export interface ExploreRow {
  insight_id: string;
  text: string;
  grounded: boolean;
  confidence: number | null;
  insight_type: string | null;
  episode_id: string | null;
  episode_title: string;
  podcast_title: string | null;
  publish_date: string | null;
  metadata_relpath: string;
  topics: { id: string; label: string }[];
  person_ids: string[];
  score: number | null;
  supporting_quotes: SupportingQuote[];
}

const withPrefix = (value: string, prefix: string) =>
  value.includes(':') ? value : `${prefix}${value}`;

export function exploreTermsOf(filter: ExploreFilter): ExploreTerms {
  return {
    groundedOnly: filter.groundedOnly,
    ...(filter.minConfidence === undefined ? {} : { minConfidence: filter.minConfidence }),
    ...(filter.speaker === undefined ? {} : { personId: withPrefix(filter.speaker, 'person:') }),
    ...(filter.topic === undefined ? {} : { topicId: withPrefix(filter.topic, 'topic:') }),
    ...(filter.topic === undefined || filter.strict
      ? {}
      : { topicNeedle: filter.topic.toLowerCase() }),
  };
}

function matches(
  insight: NormalizedInsight,
  labels: ReadonlyMap<string, string>,
  terms: ExploreTerms,
): boolean {
  if (terms.groundedOnly && !insight.grounded) {
    return false;
  }
  if (terms.minConfidence !== undefined && (insight.confidence ?? 0) < terms.minConfidence) {
    return false;
  }
  if (terms.personId !== undefined && !insight.personIds.includes(terms.personId)) {
    return false;
  }
  if (terms.topicId !== undefined) {
    const { topicId, topicNeedle } = terms;
    const byLabel = (t: string) =>
      topicNeedle !== undefined && (labels.get(t) ?? '').toLowerCase().includes(topicNeedle);
    return insight.topicIds.some((t) => t === topicId || byLabel(t));
  }
  return true;
}

type ExploreEpisode = Pick<
  EpisodeRecord,
  'episode_id' | 'title' | 'podcast_title' | 'publish_date' | 'metadata_relpath'
>;

/** An explore row: a listed insight with its episode's display fields. */
export function exploreRowOf(
  episode: ExploreEpisode,
  insight: ListedInsight,
  score: number | null,
): ExploreRow {
  return {
    insight_id: insight.insight_id,
    text: insight.text,
    grounded: insight.grounded,
    confidence: insight.confidence,
    insight_type: insight.insight_type,
    episode_id: episode.episode_id,
    episode_title: episode.title,
    podcast_title: episode.podcast_title,
    publish_date: episode.publish_date,
    metadata_relpath: episode.metadata_relpath,
    topics: insight.topics,
    person_ids: insight.person_ids,
    score,
    supporting_quotes: insight.supporting_quotes,
  };
}

/**
 * Every insight of the snapshot passing the filter, with its episode's
 * display fields (filter mode of /api/explore). `ranked`, when given, keeps
 * only those insight ids and scores them (question mode).
 */
export function exploreInsights(
  snapshot: CorpusSnapshot,
  filter: ExploreFilter,
  ranked?: ReadonlyMap<string, number>,
): ExploreRow[] {
  const terms = exploreTermsOf(filter);
  const rows: ExploreRow[] = [];
  for (const episode of snapshot.episodes) {
    const graph = snapshot.graphOf(episode);
    const labels = graph ? topicLabelsOf(graph) : new Map<string, string>();
    for (const insight of graph?.insights ?? []) {
      if (ranked && !ranked.has(insight.id)) {
        continue;
      }
      if (graph && matches(insight, labels, terms)) {
        const listed = listedInsightOf(graph, insight, labels);
        rows.push(exploreRowOf(episode, listed, ranked?.get(insight.id) ?? null));
      }
    }
  }
  return rows;
}

type SortKeys = Pick<ExploreRow, 'confidence' | 'publish_date' | 'score'>;

/** Stable sorts: by confidence (unknown last), newest episode first, or search score. */
export function sortExploreRows<R extends SortKeys>(rows: R[], sortBy: ExploreSort): R[] {
  const key: Record<ExploreSort, (row: SortKeys) => number> = {
    confidence: (row) => row.confidence ?? -1,
    date: (row) => (row.publish_date ? Date.parse(row.publish_date) : Number.NEGATIVE_INFINITY),
    relevance: (row) => row.score ?? -1,
  };
  return [...rows].sort((a, b) => key[sortBy](b) - key[sortBy](a));
}

/** A matching insight as a store lists it first: where it is, and what it sorts by. */
export interface ExploreKey {
  insight_id: string;
  confidence: number | null;
  publish_date: string | null;
}

/** A store that filters the insights itself (the corpus index), in the snapshot's order. */
export interface ExploreSource<K extends ExploreKey> {
  /** Every insight passing `terms` (and among `insightIds` when given), in catalog then file order. */
  keys(terms: ExploreTerms, insightIds?: readonly string[]): Promise<K[]>;
  /** The listed insights and episodes of `keys`, in their order. */
  rows(keys: readonly K[]): Promise<{ episode: ExploreEpisode; insight: ListedInsight }[]>;
}

/**
 * `exploreInsights`, sorted and cut to `limit`, from a store that filters
 * the insights itself: only the page's insights are read whole.
 */
export async function exploreFrom<K extends ExploreKey>(
  source: ExploreSource<K>,
  request: { filter: ExploreFilter; sortBy: ExploreSort; limit: number },
  ranked?: ReadonlyMap<string, number>,
): Promise<{ total: number; items: ExploreRow[] }> {
  const keys = await source.keys(exploreTermsOf(request.filter), ranked && [...ranked.keys()]);
  const scored = keys.map((key) => ({ ...key, score: ranked?.get(key.insight_id) ?? null }));
  const sorted = sortExploreRows(scored, request.sortBy).slice(0, request.limit);
  const rows = await source.rows(sorted);
  const items = rows.map(({ episode, insight }, i) =>
    exploreRowOf(episode, insight, sorted[i]?.score ?? null),
  );
  return { total: keys.length, items };
}

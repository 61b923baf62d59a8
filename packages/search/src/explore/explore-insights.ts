import type { CorpusSnapshot, EpisodeRecord, NormalizedInsight } from '@podcast/corpus';
import { quotesOfInsight } from '@podcast/corpus';
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

function matches(
  insight: NormalizedInsight,
  labels: ReadonlyMap<string, string>,
  filter: ExploreFilter,
): boolean {
  if (filter.groundedOnly && !insight.grounded) {
    return false;
  }
  if (filter.minConfidence !== undefined && (insight.confidence ?? 0) < filter.minConfidence) {
    return false;
  }
  if (
    filter.speaker !== undefined &&
    !insight.personIds.includes(withPrefix(filter.speaker, 'person:'))
  ) {
    return false;
  }
  if (filter.topic !== undefined) {
    const id = withPrefix(filter.topic, 'topic:');
    const needle = filter.topic.toLowerCase();
    const byLabel = (t: string) =>
      !filter.strict && (labels.get(t) ?? '').toLowerCase().includes(needle);
    return insight.topicIds.some((t) => t === id || byLabel(t));
  }
  return true;
}

function rowOf(
  snapshot: CorpusSnapshot,
  episode: EpisodeRecord,
  insight: NormalizedInsight,
): ExploreRow {
  const graph = snapshot.graphOf(episode);
  const labels = new Map(graph?.topics.map((t) => [t.id, t.label]) ?? []);
  return {
    insight_id: insight.id,
    text: insight.text,
    grounded: insight.grounded,
    confidence: insight.confidence ?? null,
    insight_type: insight.insight_type ?? null,
    episode_id: episode.episode_id,
    episode_title: episode.title,
    podcast_title: episode.podcast_title,
    publish_date: episode.publish_date,
    metadata_relpath: episode.metadata_relpath,
    topics: insight.topicIds.map((id) => ({ id, label: labels.get(id) ?? id })),
    person_ids: [...insight.personIds],
    score: null,
    supporting_quotes: graph
      ? quotesOfInsight(graph, insight).map((q) => ({
          id: q.id,
          text: q.text,
          speaker_id: q.speaker_id,
          ...(q.speaker_name === undefined ? {} : { speaker_name: q.speaker_name }),
          timestamp_start_ms: q.timestamp_start_ms,
          timestamp_end_ms: q.timestamp_end_ms,
        }))
      : [],
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
  const rows: ExploreRow[] = [];
  for (const episode of snapshot.episodes) {
    const graph = snapshot.graphOf(episode);
    const labels = new Map(graph?.topics.map((t) => [t.id, t.label]) ?? []);
    for (const insight of graph?.insights ?? []) {
      if (ranked && !ranked.has(insight.id)) {
        continue;
      }
      if (matches(insight, labels, filter)) {
        rows.push({ ...rowOf(snapshot, episode, insight), score: ranked?.get(insight.id) ?? null });
      }
    }
  }
  return rows;
}

/** Stable sorts: by confidence (unknown last), newest episode first, or search score. */
export function sortExploreRows(rows: ExploreRow[], sortBy: ExploreSort): ExploreRow[] {
  const key: Record<ExploreSort, (row: ExploreRow) => number> = {
    confidence: (row) => row.confidence ?? -1,
    date: (row) => (row.publish_date ? Date.parse(row.publish_date) : Number.NEGATIVE_INFINITY),
    relevance: (row) => row.score ?? -1,
  };
  return [...rows].sort((a, b) => key[sortBy](b) - key[sortBy](a));
}

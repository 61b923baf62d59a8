import type { CorpusDigestRow } from '@podcast/contracts';
import type { TopicClusterIndex } from '../clusters/topic-cluster-index.js';
import { artworkUrl } from '../readers/episode-fields.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import { listSummaryPreview } from '../records/summary-preview.js';
import { graphPathsOf } from '../records/wire-fields.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { matchBulletTopics } from './bullet-topics.js';
import { cilDigestTopics } from './cil-digest-topics.js';
import { episodeSignalsOf, type LabeledId } from './episode-signals.js';

/** One digest row, as the contract spells it. */
export type DigestRow = CorpusDigestRow;

export interface DigestRowOptions {
  /** Compact rows carry no bullet pills. */
  compact: boolean;
  /** Topic pills per row; undefined leaves `cil_digest_topics` out. */
  clusters: TopicClusterIndex | undefined;
}

/** A dated episode as a digest row (callers filter undated ones out by window). */
export function digestRowOf(
  snapshot: CorpusSnapshot,
  episode: EpisodeRecord,
  options: DigestRowOptions,
): DigestRow {
  return digestRowFrom(episode, episodeSignalsOf(snapshot, episode).topics, options);
}

/** A digest row of an episode and its topics (`episodeSignalsFrom`), wherever they are kept. */
export function digestRowFrom(
  episode: EpisodeRecord,
  topics: readonly LabeledId[],
  options: DigestRowOptions,
): DigestRow {
  // `topics` are the first four bullets capped at 160: the pills. Matching
  // reads the full bullet so a cut never hides a topic label.
  const pills = options.compact ? [] : episode.topics;
  const bullets = episode.summary.bullets.slice(0, pills.length);
  return {
    slug: episode.slug,
    metadata_relpath: episode.metadata_relpath,
    episode_id: episode.episode_id,
    feed_id: episode.feed_id,
    podcast_title: episode.podcast_title,
    title: episode.title,
    publish_date: episode.publish_date ?? '',
    duration_seconds: episode.duration_seconds,
    summary_title: episode.summary.title,
    summary_preview: listSummaryPreview(episode.summary),
    summary_bullets_preview: pills,
    summary_bullet_graph_topic_ids: matchBulletTopics(bullets, topics),
    has_gi: episode.has_gi,
    has_kg: episode.has_kg,
    has_bridge: episode.has_bridge,
    ...graphPathsOf(episode),
    feed_image_url: episode.feed_image_url,
    episode_image_url: episode.episode_image_url,
    artwork_url: artworkUrl(episode.artwork_relpath, 'thumb'),
    ...(options.clusters === undefined
      ? {}
      : {
          cil_digest_topics: cilDigestTopics(topics, episode.episode_id, options.clusters),
        }),
  };
}

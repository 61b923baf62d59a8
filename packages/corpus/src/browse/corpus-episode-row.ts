import type { CorpusEpisodeDetail, CorpusEpisodeListItem } from '@podcast/contracts';
import type { EpisodeRecord } from '../records/episode-record.js';
import { listSummaryPreview } from '../records/summary-preview.js';
import { availabilityOf, graphPathsOf } from '../records/wire-fields.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';

// Rows built so far, kept on the snapshot: a refresh starts afresh.
const rowsOf = perSnapshot(() => new Map<EpisodeRecord, CorpusEpisodeListItem>(), 'episode_rows');

/** The operator list row of an episode, built afresh (the corpus index's answers build it too). */
export function buildCorpusEpisodeRow(episode: EpisodeRecord): CorpusEpisodeListItem {
  return {
    metadata_relpath: episode.metadata_relpath,
    slug: episode.slug,
    feed_id: episode.feed_id,
    episode_id: episode.episode_id,
    title: episode.title,
    publish_date: episode.publish_date,
    podcast_title: episode.podcast_title,
    duration_seconds: episode.duration_seconds,
    summary_preview: listSummaryPreview(episode.summary),
    topics: episode.topics,
    ...availabilityOf(episode),
    ...graphPathsOf(episode),
    transcript_relative_path: episode.transcript_relpath,
    episode_image_url: episode.episode_image_url,
    feed_image_url: episode.feed_image_url,
    episode_image_local_relpath: episode.episode_image_local_relpath,
    feed_image_local_relpath: episode.feed_image_local_relpath,
    cil_digest_topics: [],
  };
}

/** The operator list row of an episode (spec 04 §3, operator summary_preview rule). */
export function corpusEpisodeRow(
  snapshot: CorpusSnapshot,
  episode: EpisodeRecord,
): CorpusEpisodeListItem {
  const rows = rowsOf(snapshot);
  let row = rows.get(episode);
  if (row === undefined) {
    row = buildCorpusEpisodeRow(episode);
    rows.set(episode, row);
  }
  return row;
}

/**
 * The list row plus the whole summary and the fields a detail pane shows;
 * `pills` are the episode's digest topic pills (see episodeTopicPills).
 */
export function corpusEpisodeDetail(
  snapshot: CorpusSnapshot,
  episode: EpisodeRecord,
  pills: CorpusEpisodeDetail['cil_digest_topics'],
): CorpusEpisodeDetail {
  return buildCorpusEpisodeDetail(
    snapshot.root,
    episode,
    pills,
    corpusEpisodeRow(snapshot, episode),
  );
}

/** `corpusEpisodeDetail` without a snapshot: the row is built afresh unless given. */
export function buildCorpusEpisodeDetail(
  root: string,
  episode: EpisodeRecord,
  pills: CorpusEpisodeDetail['cil_digest_topics'],
  row: CorpusEpisodeListItem = buildCorpusEpisodeRow(episode),
): CorpusEpisodeDetail {
  return {
    ...row,
    path: root,
    description: episode.description,
    summary_title: episode.summary.title,
    summary_bullets: [...episode.summary.bullets],
    summary_text: episode.summary.body,
    media_url: episode.media_url,
    run_relative_path: episode.run_relpath,
    cil_digest_topics: pills,
  };
}

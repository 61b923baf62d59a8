import { isoSeconds } from './clock.js';
import type { EpisodeContext } from './episode-context.js';
import type { EpisodeSummary } from './summary.js';

export interface ArtifactFlags {
  hasGi: boolean;
  hasKg: boolean;
  hasTranscript: boolean;
  hasMedia: boolean;
}

function contentBlock(context: EpisodeContext, flags: ArtifactFlags): Record<string, unknown> {
  const { episode, feed, speakers } = context;
  const guests = episode.guests.filter((g) => speakers.includes(g));
  return {
    ...(flags.hasTranscript ? { transcript_file_path: context.transcriptRef } : {}),
    ...(flags.hasMedia ? { media_url: episode.mediaUrl, media_type: 'audio/mpeg' } : {}),
    speakers: speakers.map((p) => ({ id: p.id, name: p.name, role: p.role })),
    detected_hosts: feed.hosts.filter((h) => speakers.includes(h)).map((h) => h.name),
    detected_guests: guests.map((g) => g.name),
    diarization_num_speakers: speakers.length,
  };
}

function feedBlock(context: EpisodeContext): Record<string, unknown> {
  const { feed } = context;
  return {
    title: feed.title,
    url: feed.url,
    feed_id: feed.feedId,
    description: feed.description,
    language: 'en',
    authors: feed.hosts.map((h) => h.name),
    image_url: feed.imageUrl,
    ...(feed.art ? { image_local_relpath: feed.art.relpath } : {}),
  };
}

function episodeBlock(context: EpisodeContext): Record<string, unknown> {
  const { episode } = context;
  return {
    title: episode.title,
    episode_id: episode.episodeId,
    ...(episode.guid ? { guid: episode.guid } : {}),
    published_date: isoSeconds(episode.publishedMs),
    description: episode.description,
    duration_seconds: context.transcript.durationSeconds,
    episode_number: episode.number,
    link: episode.link,
    ...(episode.imageUrl ? { image_url: episode.imageUrl } : {}),
    ...(episode.art ? { image_local_relpath: episode.art.relpath } : {}),
  };
}

/**
 * `<stem>.metadata.json` with the pipeline's blocks (spec 04 §2.1): no
 * top-level version, `processing.schema_version` "1.0.0", artifact paths
 * relative to the run dir.
 */
export function buildMetadata(
  context: EpisodeContext,
  flags: ArtifactFlags,
  summary: EpisodeSummary | undefined,
): Record<string, unknown> {
  const { episode, run, stem } = context;
  const giVersion = episode.giForm === 'strict' ? '1.0' : '3.1';
  return {
    feed: feedBlock(context),
    episode: episodeBlock(context),
    content: contentBlock(context, flags),
    processing: {
      schema_version: '1.0.0',
      run_id: run.runId,
      processed_at: isoSeconds(context.processedAtMs),
    },
    ...(summary ? { summary } : {}),
    ...(flags.hasGi
      ? {
          grounded_insights: {
            artifact_path: `metadata/${stem}.gi.json`,
            schema_version: giVersion,
          },
        }
      : {}),
    ...(flags.hasKg
      ? { knowledge_graph: { artifact_path: `metadata/${stem}.kg.json`, schema_version: '2.0' } }
      : {}),
  };
}

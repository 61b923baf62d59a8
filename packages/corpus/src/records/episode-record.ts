import path from 'node:path';
import { isPlainRelative, isPlainRoot } from '../files/plain-path.js';
import {
  artRelpathCandidate,
  durationSecondsOf,
  publishDateOf,
  verifiedArtRelpath,
} from '../readers/episode-fields.js';
import { asArray, asText, type UnknownRecord } from '../readers/lenient-values.js';
import {
  type EpisodeMetadata,
  metadataStem,
  pickEpisodeMetadata,
  siblingArtifactName,
} from '../readers/metadata.js';
import {
  httpUrlOf,
  type OriginTranscript,
  originTranscriptsOf,
  publishedAtOf,
} from './origin-links.js';
import { episodeSlug } from './slug.js';
import { cardSummaryPreview, type EpisodeSummary, topicPills } from './summary-preview.js';

/** `ready` when the metadata names a transcript, else `pending` (the only two values). */
export type EpisodeStatus = 'ready' | 'pending';

/** One discovered episode, derived from its metadata file (spec 04 §3). Paths are posix, root-relative. */
export interface EpisodeRecord {
  slug: string;
  feed_id: string;
  /** `episode.episode_id`, trimmed; null when absent. */
  episode_id: string | null;
  title: string;
  publish_date: string | null;
  /** `episode.published_date` as an ISO instant when it has a time of day, else null. */
  published_at: string | null;
  /** `episode.guid`, trimmed; null when absent. */
  guid: string | null;
  /** `episode.link` when an http(s) URL. */
  link: string | null;
  description: string | null;
  duration_seconds: number | null;
  podcast_title: string | null;
  feed_description: string | null;
  feed_url: string | null;
  feed_image_url: string | null;
  episode_image_url: string | null;
  /** Verified local art (inside the art store and present), else null. */
  feed_image_local_relpath: string | null;
  episode_image_local_relpath: string | null;
  /** The episode's verified art, else the feed's. */
  artwork_relpath: string | null;
  media_url: string | null;
  media_type: string | null;
  media_id: string | null;
  /** The show's own transcript links (`content.transcript_urls`), passed through by overlay feeds. */
  origin_transcripts: readonly OriginTranscript[];
  /** The show's own chapters file (`content.chapters_url`), when an http(s) URL. */
  origin_chapters_url: string | null;
  status: EpisodeStatus;
  has_transcript: boolean;
  /** Absolute transcript path as named by the metadata (not checked on disk). */
  transcript_path: string | null;
  /** Root-relative transcript path; null when missing or outside the root. */
  transcript_relpath: string | null;
  summary: EpisodeSummary;
  has_summary: boolean;
  /** Card lede (150 rule). */
  summary_preview: string | null;
  /** Topic pills: first four bullets capped at 160. */
  topics: string[];
  has_gi: boolean;
  has_kg: boolean;
  has_bridge: boolean;
  gi_relpath: string | null;
  kg_relpath: string | null;
  bridge_relpath: string | null;
  metadata_relpath: string;
  /** Parent of the metadata directory ('' for the flat layout). */
  run_relpath: string;
  stem: string;
}

export interface EpisodeRecordInput {
  /** The parsed metadata file (or its `pickEpisodeMetadata` subset). */
  metadata: UnknownRecord;
  /** Posix path of the metadata file relative to the corpus root. */
  metadataRelpath: string;
  /** Absolute corpus root. */
  root: string;
  siblings: { gi: boolean; kg: boolean; bridge: boolean };
  /** The sibling relpaths when the caller holds them already (the record then shares those strings). */
  siblingRelpaths?: { gi: string; kg: string; bridge: string };
  artExists: (relpath: string) => boolean;
  /** `metadata` is `pickEpisodeMetadata`'s answer already (the loader keeps that): read as it is. */
  isPicked?: boolean;
  /** The feed-id slug (`slugify`), when the caller keeps one per feed. */
  feedSlugOf?: (feedId: string) => string;
}

function summaryFields(block: UnknownRecord, episodeTitle: string) {
  const bullets = asArray(block.bullets)
    .map(asText)
    .filter((bullet): bullet is string => bullet !== undefined);
  const body = asText(block.raw_text) ?? asText(block.short_summary) ?? null;
  const summary: EpisodeSummary = { title: asText(block.title) ?? null, bullets, body };
  return {
    summary,
    has_summary: summary.title !== null || bullets.length > 0 || body !== null,
    summary_preview: cardSummaryPreview(summary, episodeTitle),
    topics: topicPills(bullets),
  };
}

/** The transcript path is relative to the run dir (parent of `metadata/`); the file is not checked. */
/**
 * `absolute` relative to `root`, posix. Below the root on a posix system it
 * is the tail of `absolute`: a slice shares the path's characters instead of
 * copying them (and skips `path.relative`, a noticeable part of a large load).
 */
function relativeTo(root: string, absolute: string): string {
  if (
    path.sep === '/' &&
    root.length > 1 &&
    absolute.startsWith(`${root}/`) &&
    !root.endsWith('/')
  ) {
    return absolute.slice(root.length + 1);
  }
  return path.relative(root, absolute).split(path.sep).join('/');
}

/**
 * `path.resolve(root, runRelpath, named)`. In the common case (a posix
 * system, a normalised absolute root, plain relative parts) the parts are
 * joined as they are, which is what resolve gives; anything else goes
 * through `path.resolve`.
 */
function resolveUnder(root: string, runRelpath: string, named: string): string {
  if (
    !isPlainRoot(root) ||
    !isPlainRelative(named) ||
    (runRelpath !== '' && !isPlainRelative(runRelpath))
  ) {
    return path.resolve(root, runRelpath, named);
  }
  return runRelpath === '' ? [root, named].join('/') : [root, runRelpath, named].join('/');
}

function transcriptFields(content: UnknownRecord, root: string, runRelpath: string) {
  const named = asText(content.transcript_file_path) ?? asText(content.transcript_file);
  if (named === undefined) {
    return {
      status: 'pending' as const,
      has_transcript: false,
      transcript_path: null,
      transcript_relpath: null,
    };
  }
  const absolute = resolveUnder(root, runRelpath, named);
  const relative = relativeTo(root, absolute);
  const isInside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return {
    status: 'ready' as const,
    has_transcript: true,
    transcript_path: absolute,
    transcript_relpath: isInside ? relative : null,
  };
}

function locationFields(metadataRelpath: string) {
  const metadataDir = path.posix.dirname(metadataRelpath);
  const dir = metadataDir === '.' ? '' : metadataDir;
  const runDir = path.posix.dirname(dir);
  return {
    dir,
    run_relpath: dir === '' || runDir === '.' ? '' : runDir,
    stem: metadataStem(path.posix.basename(metadataRelpath)),
  };
}

function artifactFields(
  dir: string,
  stem: string,
  { siblings, siblingRelpaths }: Pick<EpisodeRecordInput, 'siblings' | 'siblingRelpaths'>,
) {
  const relpathOf = (kind: 'gi' | 'kg' | 'bridge') =>
    siblings[kind]
      ? (siblingRelpaths?.[kind] ?? path.posix.join(dir, siblingArtifactName(stem, kind)))
      : null;
  return {
    has_gi: siblings.gi,
    has_kg: siblings.kg,
    has_bridge: siblings.bridge,
    gi_relpath: relpathOf('gi'),
    kg_relpath: relpathOf('kg'),
    bridge_relpath: relpathOf('bridge'),
  };
}

function imageFields(
  feed: UnknownRecord,
  episode: UnknownRecord,
  artExists: (relpath: string) => boolean,
) {
  const feedArt = verifiedArtRelpath(feed.image_local_relpath, artExists);
  const episodeArt = verifiedArtRelpath(episode.image_local_relpath, artExists);
  return {
    feed_image_url: asText(feed.image_url) ?? null,
    episode_image_url: asText(episode.image_url) ?? null,
    feed_image_local_relpath: feedArt,
    episode_image_local_relpath: episodeArt,
    artwork_relpath: episodeArt ?? feedArt,
  };
}

const textOrNull = (value: unknown) => asText(value) ?? null;

const NO_LINKS: readonly OriginTranscript[] = Object.freeze([]);

/** Most episodes name no link of their own: they share one frozen empty list. */
function originLinks(value: unknown): readonly OriginTranscript[] {
  const links = originTranscriptsOf(value);
  return links.length === 0 ? NO_LINKS : links;
}

/** Derives the episode record from one metadata file (spec 04 §3); pure apart from `artExists`. */
export function buildEpisodeRecord(input: EpisodeRecordInput): EpisodeRecord {
  const { feed, episode, content, summary, title } = input.isPicked
    ? (input.metadata as EpisodeMetadata)
    : pickEpisodeMetadata(input.metadata);
  const { dir, run_relpath, stem } = locationFields(input.metadataRelpath);
  const feedId = asText(feed.feed_id) ?? '';
  const episodeId = asText(episode.episode_id) ?? null;
  const episodeTitle = asText(episode.title) ?? asText(title) ?? '(untitled)';
  return {
    slug: episodeSlug(feedId, episodeId, input.metadataRelpath, input.feedSlugOf),
    feed_id: feedId,
    episode_id: episodeId,
    title: episodeTitle,
    publish_date: publishDateOf(episode.published_date),
    published_at: publishedAtOf(episode.published_date),
    guid: textOrNull(episode.guid),
    link: httpUrlOf(episode.link) ?? null,
    description: textOrNull(episode.description),
    duration_seconds: durationSecondsOf(episode.duration_seconds),
    podcast_title: textOrNull(feed.title),
    feed_description: textOrNull(feed.description),
    feed_url: textOrNull(feed.url),
    ...imageFields(feed, episode, input.artExists),
    media_url: textOrNull(content.media_url),
    media_type: textOrNull(content.media_type),
    media_id: textOrNull(content.media_id),
    origin_transcripts: originLinks(content.transcript_urls),
    origin_chapters_url: httpUrlOf(content.chapters_url) ?? null,
    ...transcriptFields(content, input.root, run_relpath),
    ...summaryFields(summary, episodeTitle),
    ...artifactFields(dir, stem, input),
    metadata_relpath: input.metadataRelpath,
    run_relpath,
    stem,
  };
}

/** Local art relpaths a metadata file names (syntactically valid ones), for existence checks. */
export function artCandidatesOf(metadata: UnknownRecord): string[] {
  const { feed, episode } = pickEpisodeMetadata(metadata);
  return [
    artRelpathCandidate(episode.image_local_relpath),
    artRelpathCandidate(feed.image_local_relpath),
  ].filter((relpath): relpath is string => relpath !== null);
}

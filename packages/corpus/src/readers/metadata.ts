import { asRecord, type UnknownRecord } from './lenient-values.js';

/**
 * The blocks of `*.metadata.{json,yaml,yml}` the server uses (spec 04 §2.1).
 * Values stay `unknown` because real files mix generations; the episode
 * record narrows them. Keeping only these keys, not the whole parsed file,
 * holds a 10 000-episode corpus in modest memory.
 */
export type EpisodeMetadata = {
  title?: unknown;
  feed: UnknownRecord;
  episode: UnknownRecord;
  content: UnknownRecord;
  summary: UnknownRecord;
};

const METADATA_SUFFIX = /\.metadata\.(?:json|ya?ml)$/;

const FEED_KEYS = ['title', 'url', 'feed_id', 'description', 'image_url', 'image_local_relpath'];
const EPISODE_KEYS = [
  'title',
  'episode_id',
  'guid',
  'link',
  'published_date',
  'description',
  'duration_seconds',
  'image_url',
  'image_local_relpath',
];
const CONTENT_KEYS = [
  'transcript_file_path',
  'transcript_file',
  'media_url',
  'media_type',
  'media_id',
  // The show's own Podcasting 2.0 links: `transcript_urls` as the pipeline
  // writes them ({url, type, language}), `chapters_url` by our rule.
  'transcript_urls',
  'chapters_url',
];
/** Transcript links kept per episode: a show publishes a few formats, never dozens. */
const MAX_TRANSCRIPT_URLS = 8;
const SUMMARY_KEYS = ['title', 'bullets', 'raw_text', 'short_summary'];

function pick(block: unknown, keys: readonly string[]): UnknownRecord {
  const source = asRecord(block) ?? {};
  const picked: UnknownRecord = {};
  for (const key of keys) {
    if (source[key] !== undefined) {
      picked[key] = source[key];
    }
  }
  return picked;
}

function pickContent(block: unknown): UnknownRecord {
  const content = pick(block, CONTENT_KEYS);
  if (Array.isArray(content.transcript_urls)) {
    content.transcript_urls = content.transcript_urls.slice(0, MAX_TRANSCRIPT_URLS);
  }
  return content;
}

/** The used subset of a parsed metadata file. */
export function pickEpisodeMetadata(raw: UnknownRecord): EpisodeMetadata {
  return {
    title: raw.title,
    feed: pick(raw.feed, FEED_KEYS),
    episode: pick(raw.episode, EPISODE_KEYS),
    content: pickContent(raw.content),
    summary: pick(raw.summary, SUMMARY_KEYS),
  };
}

// Suffix checks rather than regular expressions: a restart runs them over 400,000 names.
export function isMetadataFileName(name: string): boolean {
  return (
    name.endsWith('.metadata.json') ||
    name.endsWith('.metadata.yaml') ||
    name.endsWith('.metadata.yml')
  );
}

/** `gi`, `kg` or `bridge` for an artifact file name, else undefined. */
export function artifactKindOf(name: string): ArtifactKind | undefined {
  // Constants, not a matched group: that would be a string of its own, and
  // the loader keeps one kind per tracked file.
  if (!name.endsWith('.json')) {
    return undefined;
  }
  if (name.endsWith('.gi.json')) {
    return KINDS.gi;
  }
  if (name.endsWith('.kg.json')) {
    return KINDS.kg;
  }
  return name.endsWith('.bridge.json') ? KINDS.bridge : undefined;
}

const KINDS: Readonly<Record<ArtifactKind, ArtifactKind>> = {
  gi: 'gi',
  kg: 'kg',
  bridge: 'bridge',
};

export type ArtifactKind = 'gi' | 'kg' | 'bridge';

/** `<stem>` of `<stem>.metadata.json` (and of the `.yaml`/`.yml` spellings). */
export function metadataStem(name: string): string {
  return name.replace(METADATA_SUFFIX, '');
}

/** Sibling file names that share a metadata file's stem and directory. */
export function siblingArtifactName(stem: string, kind: ArtifactKind): string {
  return `${stem}.${kind}.json`;
}

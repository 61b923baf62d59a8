import { createHash } from 'node:crypto';
import type { CorpusSnapshot, EpisodeFiles, EpisodeRecord, FeedRecord } from '@podcast/corpus';
import { episodeOverlay } from '../episode-files.js';
import type { FeedLinks } from './feed-links.js';
import { type FeedChannel, rssDocument } from './rss-document.js';
import { rssItem } from './rss-item.js';

/** What a conditional GET compares: an entity tag and a modification time (HTTP date). */
export interface Validators {
  etag: string;
  lastModified: string;
}

/**
 * Bumped when what a feed or file says for the same corpus changes, so a
 * validator from an older build never matches a newer answer.
 */
const FORMAT = 'overlay-1';

/**
 * Validators of an answer made from `snapshot` and `parts` (what else it
 * depends on: the show, the links' origin and token, the user's queue).
 * A snapshot is replaced whenever the corpus changes, so its load time
 * dates every answer made from it; the tag is weak because the bytes differ
 * by content coding.
 */
export function snapshotValidators(
  snapshot: Pick<CorpusSnapshot, 'loadedAt'>,
  parts: readonly string[],
): Validators {
  const hash = createHash('sha256')
    .update([FORMAT, snapshot.loadedAt.toISOString(), ...parts].join('\u0000'))
    .digest('base64url');
  return { etag: `W/"${hash.slice(0, 27)}"`, lastModified: snapshot.loadedAt.toUTCString() };
}

/** Validators of a file made whole in memory: its bytes' hash, dated by the snapshot. */
export function bodyValidators(
  snapshot: Pick<CorpusSnapshot, 'loadedAt'>,
  body: string,
): Validators {
  const hash = createHash('sha256').update(FORMAT).update(body).digest('base64url');
  return { etag: `"${hash.slice(0, 27)}"`, lastModified: snapshot.loadedAt.toUTCString() };
}

/**
 * Where a feed's items find their episodes' layers: a snapshot holds them
 * all; a reader (episodes from the corpus index) reads a batch at a time.
 */
export type FeedLayers =
  | EpisodeFiles
  | ((episodes: readonly EpisodeRecord[]) => Promise<EpisodeFiles>);

/** Episodes whose layers a reader reads at once: a few files each, so a long feed stays bounded. */
const LAYER_BATCH = 64;

function* heldItems(
  files: EpisodeFiles,
  episodes: Iterable<EpisodeRecord>,
  links: FeedLinks,
): Generator<string | undefined> {
  for (const episode of episodes) {
    yield rssItem(episode, episodeOverlay(files, episode), links);
  }
}

async function* readItems(
  read: (episodes: readonly EpisodeRecord[]) => Promise<EpisodeFiles>,
  episodes: readonly EpisodeRecord[],
  links: FeedLinks,
): AsyncGenerator<string | undefined> {
  for (let start = 0; start < episodes.length; start += LAYER_BATCH) {
    const batch = episodes.slice(start, start + LAYER_BATCH);
    yield* heldItems(await read(batch), batch, links);
  }
}

/** An overlay feed of any episodes (a show's, a queue, a library), made piece by piece. */
export function episodesFeed(
  layers: FeedLayers,
  channel: FeedChannel,
  episodes: readonly EpisodeRecord[],
  links: FeedLinks,
): AsyncGenerator<string> {
  const items =
    typeof layers === 'function'
      ? readItems(layers, episodes, links)
      : heldItems(layers, episodes, links);
  return rssDocument(channel, items);
}

/** A show's overlay feed: its episodes (all of them, newest first) with the show's own title and art. */
export function showFeed(
  layers: FeedLayers,
  feed: FeedRecord,
  episodes: readonly EpisodeRecord[],
  links: FeedLinks,
  selfUrl: string,
): AsyncGenerator<string> {
  const title = feed.title ?? 'Untitled show';
  const channel: FeedChannel = {
    title,
    description: feed.description ?? title,
    link: feed.url ?? selfUrl,
    imageUrl: feed.image_url,
  };
  return episodesFeed(layers, channel, episodes, links);
}

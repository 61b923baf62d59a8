import type { EpisodeCatalogItem, EpisodeDetail } from '@podcast/contracts';
import { artworkUrl } from '../readers/episode-fields.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { FeedRecord } from '../records/feeds.js';
import { availabilityOf } from '../records/wire-fields.js';
import { catalogStatusOf } from './catalog-status.js';

const CARD_BULLETS = 8;

type ArtSize = 'thumb' | 'large';

/**
 * The show's verified local art. The aggregated feed record wins so every
 * card of a show carries the same cover; episodes without a feed id are not
 * one show, so they keep the art their own metadata names.
 */
export function showArtRelpathOf(
  episode: EpisodeRecord,
  feed: FeedRecord | undefined,
): string | null {
  const fromFeed = episode.feed_id === '' ? null : (feed?.image_local_relpath ?? null);
  return fromFeed ?? episode.feed_image_local_relpath;
}

function headerOf(episode: EpisodeRecord, feed: FeedRecord | undefined, size: ArtSize) {
  const showArt = showArtRelpathOf(episode, feed);
  return {
    slug: episode.slug,
    title: episode.title,
    feed_id: episode.feed_id,
    podcast_title: episode.podcast_title,
    publish_date: episode.publish_date,
    duration_seconds: episode.duration_seconds,
    episode_image_url: episode.episode_image_url,
    feed_image_url: episode.feed_image_url,
    artwork_url: artworkUrl(episode.episode_image_local_relpath ?? showArt, size),
    feed_artwork_url: artworkUrl(showArt, size),
    topics: episode.topics,
    ...availabilityOf(episode),
  };
}

/** One catalog card (spec 01 "Episode catalog item"); artwork as thumbnails. */
export function catalogItemOf(
  episode: EpisodeRecord,
  feed: FeedRecord | undefined,
): EpisodeCatalogItem {
  return {
    ...headerOf(episode, feed, 'thumb'),
    status: catalogStatusOf(episode),
    summary_preview: episode.summary_preview,
    summary_bullets: episode.summary.bullets.slice(0, CARD_BULLETS),
  };
}

/** The episode page: every bullet, the summary body, artwork in the large size. */
export function episodeDetailOf(
  episode: EpisodeRecord,
  feed: FeedRecord | undefined,
): EpisodeDetail {
  const { summary } = episode;
  return {
    ...headerOf(episode, feed, 'large'),
    summary_bullets: summary.bullets,
    summary: episode.has_summary
      ? {
          ...(summary.title === null ? {} : { title: summary.title }),
          bullets: summary.bullets,
          ...(summary.body === null ? {} : { text: summary.body }),
        }
      : null,
  };
}

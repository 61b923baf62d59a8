import {
  AudioSource,
  AudioSourceQuery,
  EpisodeSlugParams,
  NotFound,
  Problem,
} from '@podcast/contracts';
import type { EpisodeRecord } from '@podcast/corpus';
import { checkAudioUrl } from '@podcast/runtime';
import { defineRoute } from '../../context.js';
import { slugEpisode } from '../catalog/episode-by-slug.js';

function audioSourceOf(episode: EpisodeRecord, url: string): AudioSource {
  return {
    episode_slug: episode.slug,
    url,
    ...(episode.media_type === null ? {} : { mime: episode.media_type }),
    ...(episode.duration_seconds === null ? {} : { duration_seconds: episode.duration_seconds }),
    ...(episode.media_id === null ? {} : { media_id: episode.media_id }),
    strategy: 'direct',
  };
}

export const getAudioSource = defineRoute({
  method: 'get',
  path: '/api/app/episodes/{slug}/audio-source',
  summary: "Where the player fetches an episode's audio",
  description:
    "The origin enclosure URL from the episode's metadata; audio is never rehosted. With " +
    'validate=true the server HEADs it (at most 5 redirects, 3 s) and adds resolved_url, ' +
    'verified and content_length. A check that fails, times out or is refused because a hop ' +
    "resolves to a private, loopback or link-local address (unless that hop's host is listed " +
    'in OUTBOUND_ALLOWED_HOSTS) still answers 200, with verified false. 404 for an unknown ' +
    'slug or an episode without an origin URL.',
  tags: ['catalog'],
  auth: 'session',
  params: EpisodeSlugParams,
  query: AudioSourceQuery,
  responses: {
    200: AudioSource,
    404: Problem.describe('Unknown slug, or the episode has no origin audio URL'),
  },
  handler: async ({ ctx, params, query }) => {
    const { episode } = await slugEpisode(ctx, params.slug);
    if (episode.media_url === null) {
      throw new NotFound(`episode ${episode.slug} has no origin audio URL`);
    }
    const source = audioSourceOf(episode, episode.media_url);
    if (query.validate !== true) {
      return source;
    }
    const { reason, ...check } = await checkAudioUrl(episode.media_url, ctx.audioCheck);
    if (reason !== undefined) {
      ctx.logger.info({ slug: episode.slug, reason }, 'audio source check failed');
    }
    return { ...source, ...check };
  },
});

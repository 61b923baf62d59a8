import { NotFound } from '@podcast/contracts';
import type { EpisodeRecord, FeedRecord } from '@podcast/corpus';
import type { UserStateDeps } from './deps.js';

/** The episode a slug names in the deps' corpus. */
export function findEpisodeIn(
  deps: UserStateDeps,
  slug: string,
): Promise<EpisodeRecord | undefined> {
  return deps.holdings.findEpisode(slug);
}

/** The episode a slug names in the deps' corpus; NotFound (404) when the corpus lacks it. */
export async function getEpisodeIn(deps: UserStateDeps, slug: string): Promise<EpisodeRecord> {
  const episode = await findEpisodeIn(deps, slug);
  if (episode === undefined) {
    throw new NotFound(`no episode with slug ${slug}`);
  }
  return episode;
}

/** The show a feed id names over the deps' corpus; NotFound (404) when the corpus lacks it. */
export async function getFeedIn(deps: UserStateDeps, feedId: string): Promise<FeedRecord> {
  const feed = (await deps.holdings.findFeeds([feedId])).get(feedId);
  if (feed === undefined) {
    throw new NotFound(`no show with feed id ${feedId}`);
  }
  return feed;
}

import type {
  EpisodeActionOut,
  NextcloudEpisodeAction,
  NextcloudEpisodeActionPage,
} from '@podcast/contracts';
import type { UserStateDeps } from '../deps.js';
import { episodeActionsSince } from './episode-actions.js';

/**
 * An action in the nextcloud-gpodder app's shape: every field present, the
 * kind in upper case as the app stores it, -1 for a field it lacks, and no
 * device (the app keeps none).
 */
function nextcloudActionOf(a: EpisodeActionOut): NextcloudEpisodeAction {
  return {
    podcast: a.podcast,
    episode: a.episode,
    guid: a.guid ?? null,
    action: a.action.toUpperCase(),
    timestamp: a.timestamp,
    started: a.started ?? -1,
    position: a.position ?? -1,
    total: a.total ?? -1,
  };
}

/**
 * GET /index.php/apps/gpoddersync/episode_action: the play actions stored
 * after `since`, web-app positions included, as the gPodder API answers
 * them. Only plays: the app stores nothing else, and AntennaPod mishandles
 * the download and delete actions other servers send it.
 */
export async function nextcloudEpisodeActions(
  deps: UserStateDeps,
  userId: string,
  since: number,
): Promise<NextcloudEpisodeActionPage> {
  const page = await episodeActionsSince(deps, userId, { since });
  return {
    actions: page.actions.filter((a) => a.action === 'play').map(nextcloudActionOf),
    timestamp: page.timestamp,
  };
}

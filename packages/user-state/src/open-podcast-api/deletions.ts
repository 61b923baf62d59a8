import {
  NotFound,
  OPA_LIMITS,
  type OpaDeletion,
  type OpaDeletionAccepted,
  OpaDeletionStatus,
} from '@podcast/contracts';
import {
  deletePodcastEpisodeData,
  findOpaDeletion,
  insertOpaDeletion,
  listSyncSubscriptionUrls,
  withTransaction,
} from '@podcast/db';
import type { UserStateDeps } from '../deps.js';
import { feedGroupKey } from '../sync/feed-groups.js';
import { findEntity, latestGuid, loadOpaState } from './subscription-state.js';
import { stageChange, withOpaWrite } from './subscription-writes.js';
import { liveEntity } from './subscriptions.js';

/** The slugs of the corpus episodes of a feed group (`feed:<id>`); none for other feeds. */
async function corpusSlugsOf(deps: UserStateDeps, groupKey: string): Promise<string[]> {
  if (!groupKey.startsWith('feed:')) {
    return [];
  }
  const feedId = groupKey.slice('feed:'.length);
  const episodes = await deps.holdings.episodesOfFeeds([feedId]);
  return episodes.map((e) => e.slug);
}

/**
 * DELETE /v1/subscriptions/{guid}: the podcast is left and what the user
 * keeps about its episodes goes in one transaction (the Open Podcast API's
 * episode records, the gPodder API's actions under every spelling of its
 * feed, the positions and favorites of its corpus episodes), so no API
 * answers them again. The subscription stays as deleted (410) until a
 * client adds it again. Done before the answer, so its record says SUCCESS.
 */
export async function deleteOpaSubscription(
  deps: UserStateDeps,
  userId: string,
  name: string,
  clientId: string | null,
): Promise<OpaDeletionAccepted> {
  const seen = findEntity(await loadOpaState(deps, userId, { answer: false }), name);
  const slugs = seen === undefined ? [] : await corpusSlugsOf(deps, seen.groupKey);
  return withTransaction(deps.db, async (trx) => {
    // Positions first, before the user row, as every playback write takes them.
    await deletePodcastEpisodeData(trx, userId, { guids: [], feedUrls: [], slugs });
    return withOpaWrite({ ...deps, db: trx }, userId, clientId, async (write) => {
      const entity = liveEntity(write.state, name);
      const spellings = (await listSyncSubscriptionUrls(trx, userId)).filter(
        (url) => feedGroupKey(write.state.index, url) === entity.groupKey,
      );
      await deletePodcastEpisodeData(trx, userId, {
        guids: entity.guids.map((g) => g.guid),
        feedUrls: [...new Set([entity.feedUrl, ...spellings])],
        slugs: [],
      });
      stageChange(write, entity, { isDeleted: true, at: write.now });
      const id = await insertOpaDeletion(
        trx,
        userId,
        {
          guid: latestGuid(entity),
          status: 'SUCCESS',
          message: 'Subscription deleted successfully',
          now: write.now,
        },
        OPA_LIMITS.deletionsKept,
      );
      return { deletion_id: id, message: 'Deletion request was received and processed' };
    });
  });
}

/** GET /v1/deletions/{id}: one of the user's last 100 deletions. */
export async function opaDeletionStatus(
  deps: UserStateDeps,
  userId: string,
  id: number,
): Promise<OpaDeletion> {
  const row = await findOpaDeletion(deps.db, userId, id);
  if (row === undefined) {
    throw new NotFound(`no deletion ${id}`);
  }
  return {
    deletion_id: row.id,
    status: OpaDeletionStatus.parse(row.status),
    message: row.message,
  };
}

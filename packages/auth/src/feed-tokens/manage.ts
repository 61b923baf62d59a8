import { randomBytes } from 'node:crypto';
import {
  type FeedTokenCreated,
  type FeedTokenList,
  NotFound,
  PODCAST_FEED_LIMITS,
} from '@podcast/contracts';
import {
  type DbExecutor,
  deleteFeedToken,
  findFeedToken,
  insertFeedToken,
  listFeedTokens,
} from '@podcast/db';
import { hashSecret, mintSecret, type RandomBytes } from '../mcp-oauth/secrets.js';

export interface FeedTokenDeps {
  db: DbExecutor;
  now: () => Date;
  random?: RandomBytes;
}

/** The readable start of every feed token, so one found in a log or a URL says what it is. */
export const FEED_TOKEN_PREFIX = 'pft_';

/**
 * Mints a named feed token for the user: 32 random bytes, shown in this
 * answer only. A fast hash is kept: unlike a password, nobody can guess
 * 256 random bits, so a lookup needs no slow hash.
 */
export async function createFeedToken(
  deps: FeedTokenDeps,
  userId: string,
  name: string,
): Promise<FeedTokenCreated> {
  const random = deps.random ?? randomBytes;
  const token = mintSecret(FEED_TOKEN_PREFIX, random);
  const row = await insertFeedToken(
    deps.db,
    {
      id: `ft_${random(12).toString('hex')}`,
      userId,
      name,
      tokenHash: hashSecret(token),
      now: deps.now(),
    },
    PODCAST_FEED_LIMITS.feedTokensPerUser,
  );
  return { ...row, token };
}

/** The user's feed tokens without secrets, oldest first. */
export async function listUserFeedTokens(
  deps: FeedTokenDeps,
  userId: string,
): Promise<FeedTokenList> {
  return { items: await listFeedTokens(deps.db, userId) };
}

/** Revokes a feed token: the next request carrying it is refused. NotFound when not the user's. */
export async function revokeFeedToken(
  deps: FeedTokenDeps,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await deleteFeedToken(deps.db, userId, id))) {
    throw new NotFound(`no feed token ${id}`);
  }
}

/** Whether `token` is one of the user's live feed tokens (an OPML export writes it into URLs). */
export async function isOwnFeedToken(
  deps: FeedTokenDeps,
  userId: string,
  token: string,
): Promise<boolean> {
  return (await findFeedToken(deps.db, hashSecret(token)))?.userId === userId;
}

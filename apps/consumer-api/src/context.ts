import type { AskService } from '@podcast/ask';
import type {
  AuthRuntime,
  ClientMetadataDocuments,
  FeedAuthDeps,
  FeedPrincipal,
  McpPrincipal,
  SessionPrincipal,
  SyncAuthDeps,
  SyncPrincipal,
  SyncSignIn,
} from '@podcast/auth';
import type { CorpusRegistry, Thumbnails } from '@podcast/corpus';
import type { CorpusIndex } from '@podcast/corpus-index';
import type { Database } from '@podcast/db';
import { createRouteDefiner, type HotAnswers, type InternalPrincipal } from '@podcast/http-kit';
import type { AudioCheckSettings, RateLimiter } from '@podcast/runtime';
import type { SearchService } from '@podcast/search';
import type { PlaybackWriter, UserStateDeps } from '@podcast/user-state';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { corpusHoldingsOf } from './corpus-holdings.js';
import type { ConsumerConfig } from './env.js';

/** Everything a consumer route may touch, built once by buildConsumerContext (build-context.ts). */
export interface ConsumerCtx {
  config: ConsumerConfig;
  corpus: CorpusRegistry;
  /** The corpus index (CORPUS_INDEX=sqlite or CORPUS_INDEX_URL): the catalog routes answer from it. */
  corpusIndex?: CorpusIndex;
  /** Search over the shared corpus's index (packages/search). */
  search: SearchService;
  /** Answers made of evidence over the same index (packages/ask). */
  ask: AskService;
  db: Kysely<Database>;
  logger: Logger;
  now: () => Date;
  /** How `validate=true` probes an origin audio URL (the strict defaults unless a test widens them). */
  audioCheck: AudioCheckSettings;
  /** Artwork thumbnails: made once per original, cached in the art store. */
  thumbnails: Thumbnails;
  /** Login settings, provider discovery, the development user and the session cache (@podcast/auth). */
  auth: AuthRuntime;
  /** Playback saves, grouped into one statement under load (@podcast/user-state). */
  playback: PlaybackWriter;
  /** gPodder sign-ins: remembered credentials, the failure throttle, the hash gate (@podcast/auth). */
  syncSignIn: SyncSignIn;
  /** MCP client registrations per source address (@podcast/auth registration-limits.ts). */
  mcpRegistrations: RateLimiter;
  /** Client ID metadata documents, fetched through the outbound guard and cached (@podcast/auth). */
  mcpClientDocuments: ClientMetadataDocuments;
  /** The Nextcloud login flow's open routes: starts and polls per source address. */
  loginFlowLimits: { starts: RateLimiter; polls: RateLimiter };
  /** Refused feed tokens per source address (@podcast/auth feed-auth.ts). */
  feedTokenRefusals: RateLimiter;
  /** Cached answers asked often lately, made again when the corpus changes (http-kit); none in some tests. */
  hotAnswers?: HotAnswers;
}

/** What each auth class resolves to here; the consumer API has no operator routes. */
export interface ConsumerPrincipals {
  session: SessionPrincipal;
  operator: never;
  internal: InternalPrincipal;
  /** The remote MCP endpoint: an access token of this server's OAuth flow. */
  token: McpPrincipal;
  /** The gPodder API: HTTP Basic with an app password, or its `sessionid` cookie. */
  sync: SyncPrincipal;
  /** The Open Podcast API: an app password over Basic, or an access token with `sync`. */
  'sync-or-token': SyncPrincipal | McpPrincipal;
  /** Overlay feeds and their files: a feed token, an app password over Basic, or the session. */
  feed: FeedPrincipal;
}

export const defineRoute = createRouteDefiner<ConsumerCtx, ConsumerPrincipals>();

/** The corpus, database and clock as @podcast/user-state takes them. */
export function userStateOf(ctx: ConsumerCtx): UserStateDeps {
  return {
    db: ctx.db,
    now: ctx.now,
    playback: ctx.playback,
    holdings: corpusHoldingsOf(ctx),
  };
}

/** What the sync credential checks take (@podcast/auth). */
export function syncAuthOf(ctx: ConsumerCtx): SyncAuthDeps {
  return { db: ctx.db, now: ctx.now, signIn: ctx.syncSignIn };
}

/** What the feed credential check takes: the sync check's, the session's, the token limit. */
export function feedAuthOf(ctx: ConsumerCtx): FeedAuthDeps {
  return { ...syncAuthOf(ctx), auth: ctx.auth, tokenRefusals: ctx.feedTokenRefusals };
}

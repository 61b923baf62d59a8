export type { ActiveSession, ProviderProfile, Session, User } from './accounts.js';
export {
  createSession,
  deleteExpiredSessions,
  findActiveSession,
  findUserById,
  revokeSession,
  SESSION_REVOKED_CHANNEL,
  upsertUserFromProvider,
} from './accounts.js';
export type {
  CaptureCaps,
  HighlightInsert,
  HighlightRow,
  NoteInsert,
  NoteRow,
} from './capture.js';
export {
  deleteHighlight,
  deleteNote,
  findHighlight,
  findNote,
  importCaptureRows,
  insertHighlight,
  insertHighlightOnce,
  insertNote,
  listHighlights,
  listNotes,
  updateHighlight,
  updateNoteText,
} from './capture.js';
export type { CommsRow } from './comms.js';
export { findComms, findCommsByUnsubscribeRef, listCommsOf, saveComms } from './comms.js';
export type { DatabaseHandle, DatabaseOptions } from './connect.js';
export { createDatabase } from './connect.js';
export type { DatabaseErrorFacts, DatabaseLogger } from './database-logger.js';
export { databaseErrorFacts } from './database-logger.js';
export {
  DATABASE_RETRY_AFTER_S,
  databaseOutageRetryAfter,
  isDatabaseOutage,
} from './database-outage.js';
export type { DbExecutor } from './executor.js';
export { lockUser, withTransaction, withUserLock } from './executor.js';
export type { FavoriteInput, SavedFavorite, SavedFavorites } from './favorites.js';
export { deleteFavorite, listFavorites, saveFavorite } from './favorites.js';
export type { FeedTokenRow } from './feed-tokens.js';
export {
  deleteFeedToken,
  findFeedToken,
  insertFeedToken,
  listFeedTokens,
  touchFeedToken,
} from './feed-tokens.js';
export type { InboxInsert, InboxItem } from './inbox.js';
export { addInboxEntries, listInbox, markAllInboxRead, markInboxRead } from './inbox.js';
export { addInterest, listInterests, removeInterest, replaceInterests } from './interests.js';
export type { LibrarySubscription } from './library.js';
export {
  listSubscriptions,
  subscribe,
  subscribeMany,
  unsubscribe,
  unsubscribeMany,
} from './library.js';
export type { EpisodeListenStats } from './listen-events.js';
export { appendListenEvent, episodeStats, userStats } from './listen-events.js';
export { consumeLoginState } from './login-states.js';
export type {
  ClaimedCode,
  LockedRefreshToken,
  McpAccess,
  McpAuthorizationRequest,
  McpGrantInsert,
  McpGrantListing,
  McpGrantRow,
  McpTokenInsert,
} from './mcp-oauth.js';
export {
  findMcpAccess,
  hasLiveMcpGrant,
  insertMcpAuthorizationRequest,
  insertMcpGrantWithCode,
  insertMcpTokens,
  listMcpGrants,
  lockMcpCode,
  lockMcpRefreshToken,
  markMcpCodeUsed,
  markMcpTokenUsed,
  replaceMcpGrant,
  revokeMcpGrant,
  sweepExpiredMcpTokens,
  takeMcpAuthorizationRequest,
} from './mcp-oauth.js';
export type { McpClient, UnconsentedClientBounds } from './mcp-oauth-clients.js';
export {
  findMcpClient,
  insertMcpClientWithinBounds,
  upsertMcpDocumentClient,
} from './mcp-oauth-clients.js';
export { migrateDownAll, migrateToLatest } from './migrate.js';
export { migrateDatabaseAt, migrateTarget, runMigrations } from './migrate-command.js';
export { MIGRATIONS } from './migrations/index.js';
export type {
  OpaDeletionRow,
  OpaEpisodeRow,
  OpaSubscriptionRow,
  OpaSubscriptionWrite,
} from './open-podcast-api.js';
export {
  addOpaSubscriptionGuids,
  deletePodcastEpisodeData,
  findOpaDeletion,
  findOpaEpisodes,
  insertOpaDeletion,
  listEpisodeFavoriteTimes,
  listOpaEpisodes,
  listOpaSubscriptions,
  writeOpaEpisodes,
  writeOpaSubscriptions,
} from './open-podcast-api.js';
export type { ClaimedEnvelope, OutboxInsert, StatusReport } from './outbox.js';
export {
  claimPending,
  enqueueEnvelopes,
  listOutboxOf,
  parkEnvelopes,
  reportEnvelopeStatus,
  tryLockSchedulerTick,
} from './outbox.js';
export type { Listen, NotificationHandlers, StopListening } from './pg-listen.js';
export type { PlaybackWrite } from './playback.js';
export {
  getPlayback,
  listPlayback,
  playbackKey,
  playbackRevisionOf,
  putPlayback,
  putPlaybackMany,
} from './playback.js';
export type { PushSubscriptionRow } from './push-subscriptions.js';
export {
  countPushSubscriptions,
  deletePushSubscription,
  listPushSubscriptions,
  pushEndpointKey,
  savePushSubscription,
} from './push-subscriptions.js';
export type { QueueAdd } from './queue.js';
export { addQueueItem, getQueue, removeQueueItem, replaceQueue } from './queue.js';
export type { SchedulingRow } from './scheduling.js';
export { listAudiences, listRecentPlayback, listSchedulingUsers } from './scheduling.js';
export type { Database, FavoriteExtra } from './schema.js';
export type {
  AppPasswordRow,
  EpisodeActionRow,
  StoredEpisodeAction,
  SubscriptionChangeRead,
  SubscriptionChangeRow,
  SyncDeviceRow,
  SyncLogin,
  SyncSession,
  SyncSessionStamp,
} from './sync.js';
export {
  answerSyncStamp,
  claimSyncUsername,
  createSyncSession,
  currentSyncStamp,
  deleteAppPassword,
  deleteSyncSession,
  findSyncLogin,
  findSyncSession,
  findSyncUsername,
  hasSyncDevice,
  insertAppPassword,
  insertEpisodeActions,
  knownActionKeys,
  listAppPasswords,
  listEpisodeActions,
  listPlaybackChangedSince,
  listSyncDevices,
  listSyncSubscriptionUrls,
  readSubscriptionChanges,
  takeSyncStamp,
  touchAppPassword,
  upsertSyncDevice,
  writeSyncSubscriptions,
} from './sync.js';
export type { LoginFlowStart, PendingLoginFlow } from './sync-login-flows.js';
export {
  denyLoginFlow,
  findLoginFlow,
  grantLoginFlow,
  insertLoginFlow,
  takeGrantedLoginFlow,
} from './sync-login-flows.js';

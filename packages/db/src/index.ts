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
export type { DatabaseHandle, DatabaseLogger, DatabaseOptions } from './connect.js';
export { createDatabase } from './connect.js';
export type { DbExecutor } from './executor.js';
export type { FavoriteInput, FavoriteItem, Favorites } from './favorites.js';
export { deleteFavorite, listFavorites, saveFavorite } from './favorites.js';
export type { Interests } from './interests.js';
export { addInterest, listInterests, removeInterest, replaceInterests } from './interests.js';
export type { LibrarySubscription } from './library.js';
export { listSubscriptions, subscribe, subscribeMany, unsubscribe } from './library.js';
export type { DailyCount, EpisodeListenStats, UserStats } from './listen-events.js';
export { appendListenEvent, episodeStats, userStats } from './listen-events.js';
export { consumeLoginState } from './login-states.js';
export { migrateDownAll, migrateToLatest } from './migrate.js';
export { migrateTarget, runMigrations } from './migrate-command.js';
export { MIGRATIONS } from './migrations/index.js';
export type { Listen, NotificationHandlers, StopListening } from './notifications.js';
export type { PlaybackPosition } from './playback.js';
export { getPlayback, listPlayback, putPlayback } from './playback.js';
export type { Queue } from './queue.js';
export { getQueue, replaceQueue } from './queue.js';
export type { Database, FavoriteExtra, FavoriteKind } from './schema.js';
export type { TestDatabase, TestDatabaseOptions } from './testing.js';
export { createTestDatabase } from './testing.js';

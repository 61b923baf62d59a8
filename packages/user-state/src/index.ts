export { libraryEpisodeIds } from './ask-scope.js';
export { avatarSvg, initialsOf } from './avatar.js';
export type { Anchor } from './capture/anchor.js';
export { exportUserCapture, importUserCapture } from './capture/backup.js';
export {
  createUserHighlight,
  deleteUserHighlight,
  listUserHighlights,
  locateQuote,
  patchUserHighlight,
  reanchor,
  saveUserHighlightOnce,
} from './capture/highlights.js';
export { captureMarkdown, clock, deepLink, exportUserMarkdown } from './capture/markdown.js';
export { createUserNote, deleteUserNote, listUserNotes, patchUserNote } from './capture/notes.js';
export { currentUserOf } from './current-user.js';
export type { CorpusHoldings, UserStateDeps } from './deps.js';
export { findEpisodeIn } from './episode-of.js';
export { listUserFavorites, removeUserFavorite, saveUserFavorite } from './favorites.js';
export type { Subscribed } from './library.js';
export { listUserLibrary, subscribeUser } from './library.js';
export { episodeListenStats, recordListen } from './listens.js';
export { deleteOpaSubscription, opaDeletionStatus } from './open-podcast-api/deletions.js';
export { uploadOpaEpisodes } from './open-podcast-api/episode-upload.js';
export { listOpaEpisodePage } from './open-podcast-api/episodes.js';
export {
  addOpaSubscriptions,
  getOpaSubscription,
  listOpaSubscriptionPage,
  patchOpaSubscription,
} from './open-podcast-api/subscriptions.js';
export { applyOpaSyncBatch, opaSyncChanges } from './open-podcast-api/sync.js';
export { exportUserOpml, importUserOpml, UnusableOpml } from './opml.js';
export type { OpmlParseResult } from './opml-document.js';
export { parseOpml } from './opml-document.js';
export { listUserPlayback, saveUserPlayback } from './playback.js';
export type { PlaybackWriter } from './playback-writer.js';
export { createPlaybackWriter } from './playback-writer.js';
export type { QueueItemAdded, QueueItemProblem, QueueReplacement } from './queue.js';
export {
  addUserQueueItem,
  getUserQueue,
  removeUserQueueItem,
  replaceUserQueue,
} from './queue.js';
export type { EpisodeRef } from './shown-rows.js';
export { holdingsOfSnapshot } from './snapshot-holdings.js';
export {
  listUserDevices,
  requireUserDevice,
  syncDevicesStatus,
  updateUserDevice,
} from './sync/devices.js';
export {
  episodeActionsSince,
  isFinishedPlay,
  protocolTime,
  uploadEpisodeActions,
} from './sync/episode-actions.js';
export { sanitizeSyncUrl } from './sync/feed-url.js';
export { nextcloudEpisodeActions } from './sync/nextcloud.js';
export { parseFeedList, renderFeedList } from './sync/simple-formats.js';
export {
  applySubscriptionChange,
  replaceSyncedFeeds,
  subscriptionChangesSince,
  syncedFeedUrls,
} from './sync/subscriptions.js';

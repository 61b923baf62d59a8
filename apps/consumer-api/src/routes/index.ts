import { type AnyRoute, type RouteGroup, routeGroup } from '@podcast/http-kit';
import type { ConsumerCtx } from '../context.js';
import type { ConsumerConfig } from '../env.js';
import { getArtwork } from './artwork/get-artwork.js';
import { getAudioSource } from './audio-source/get-audio-source.js';
import { getAuthStatus } from './auth/auth-status.js';
import { finishLogin } from './auth/callback.js';
import { startLogin } from './auth/login.js';
import { logout } from './auth/logout.js';
import { createHighlight } from './capture/create-highlight.js';
import { createNote } from './capture/create-note.js';
import { exportCaptureJson } from './capture/export-capture-json.js';
import { exportHighlightsMarkdown } from './capture/export-highlights-markdown.js';
import { importCapture } from './capture/import-capture.js';
import { listHighlights } from './capture/list-highlights.js';
import { listNotes } from './capture/list-notes.js';
import { patchHighlight } from './capture/patch-highlight.js';
import { patchNote } from './capture/patch-note.js';
import { removeHighlight } from './capture/remove-highlight.js';
import { removeNote } from './capture/remove-note.js';
import { getEpisode } from './catalog/get-episode.js';
import { getEpisodeEntities } from './catalog/get-episode-entities.js';
import { getEpisodeInsights } from './catalog/get-episode-insights.js';
import { getEpisodeSegments } from './catalog/get-episode-segments.js';
import { listEpisodes } from './catalog/list-episodes.js';
import { listFeedEpisodes } from './catalog/list-feed-episodes.js';
import { listPodcasts } from './catalog/list-podcasts.js';
import { confirmUnsubscribe } from './comms/confirm-unsubscribe.js';
import { getComms } from './comms/get-comms.js';
import { putComms } from './comms/put-comms.js';
import { showUnsubscribe } from './comms/show-unsubscribe.js';
import { getAvatar } from './discover/get-avatar.js';
import { getDiscover } from './discover/get-discover.js';
import { getTrendingTopics } from './discover/get-trending-topics.js';
import { listDevUsers } from './discover/list-dev-users.js';
import { removeFavorite } from './favorites/delete-favorite.js';
import { getFavorites } from './favorites/list-favorites.js';
import { putFavorite } from './favorites/save-favorite.js';
import { createFeedTokenRoute } from './feeds/create-feed-token.js';
import { getChapters } from './feeds/get-chapters.js';
import { getLibraryFeed } from './feeds/get-library-feed.js';
import { getQueueFeed } from './feeds/get-queue-feed.js';
import { getShowFeed } from './feeds/get-show-feed.js';
import { getTranscriptJson } from './feeds/get-transcript-json.js';
import { getTranscriptSrt } from './feeds/get-transcript-srt.js';
import { getTranscriptVtt } from './feeds/get-transcript-vtt.js';
import { listFeedTokensRoute } from './feeds/list-feed-tokens.js';
import { revokeFeedTokenRoute } from './feeds/revoke-feed-token.js';
import { getHealth } from './health/get-health.js';
import { followInterest } from './interests/follow-interest.js';
import { getInterests } from './interests/list-interests.js';
import { putInterests } from './interests/put-interests.js';
import { unfollowInterest } from './interests/unfollow-interest.js';
import { postOutboxStatus } from './internal-outbox/post-status.js';
import { pullOutbox } from './internal-outbox/pull-pending.js';
import { exportOpml } from './library/export-opml.js';
import { importOpml } from './library/import-opml.js';
import { listLibrary } from './library/list-library.js';
import { subscribeFeed } from './library/subscribe-feed.js';
import { subscribeFeedFromBody } from './library/subscribe-feed-body.js';
import { unsubscribeFeed } from './library/unsubscribe-feed.js';
import { recordListen } from './listen/record-listen.js';
import { decideConsentRoute } from './mcp/decide-consent.js';
import { getAuthorizationServerMetadata } from './mcp/get-authorization-server-metadata.js';
import { getProtectedResourceMetadata } from './mcp/get-protected-resource-metadata.js';
import { getRootProtectedResourceMetadata } from './mcp/get-root-protected-resource-metadata.js';
import { listGrants } from './mcp/list-grants.js';
import { mcpEndpoint } from './mcp/mcp-endpoint.js';
import { registerClient } from './mcp/register-client.js';
import { revokeGrant } from './mcp/revoke-grant.js';
import { showConsent } from './mcp/show-consent.js';
import { exchangeToken } from './mcp/token.js';
import { getMe } from './me/get-me.js';
import { getMyStats } from './me/get-my-stats.js';
import { listNotifications } from './notifications/list-notifications.js';
import { markAllNotificationsRead } from './notifications/mark-all-notifications-read.js';
import { markNotificationRead } from './notifications/mark-notification-read.js';
import { addOpaSubscriptionsRoute } from './open-podcast-api/add-subscriptions.js';
import { deleteOpaSubscriptionRoute } from './open-podcast-api/delete-subscription.js';
import { getOpaCapabilities } from './open-podcast-api/get-capabilities.js';
import { getOpaDeletion } from './open-podcast-api/get-deletion.js';
import { getOpaSubscriptionRoute } from './open-podcast-api/get-subscription.js';
import { getOpaSync } from './open-podcast-api/get-sync.js';
import { listOpaEpisodes } from './open-podcast-api/list-episodes.js';
import { listOpaSubscriptions } from './open-podcast-api/list-subscriptions.js';
import { postOpaSync } from './open-podcast-api/post-sync.js';
import { updateOpaSubscription } from './open-podcast-api/update-subscription.js';
import { uploadOpaEpisodesRoute } from './open-podcast-api/upload-episodes.js';
import { getPlaybackPosition } from './playback/get-playback.js';
import { listPlaybackPositions } from './playback/list-playback.js';
import { savePlaybackPosition } from './playback/put-playback.js';
import { getVapidKey } from './push/get-vapid-key.js';
import { subscribePush } from './push/subscribe-push.js';
import { unsubscribePush } from './push/unsubscribe-push.js';
import { addPlayQueueItem } from './queue/add-queue-item.js';
import { getPlayQueue } from './queue/get-queue.js';
import { replacePlayQueue } from './queue/put-queue.js';
import { removePlayQueueItem } from './queue/remove-queue-item.js';
import { askApp } from './search/ask-app.js';
import { listRelatedEpisodes } from './search/list-related-episodes.js';
import { searchEpisode } from './search/search-episode.js';
import { searchLibrary } from './search/search-library.js';
import { getEpisodeStats } from './stats/get-episode-stats.js';
import { createAppPasswordRoute } from './sync/create-app-password.js';
import { createNextcloudEpisodeActions } from './sync/create-nextcloud-episode-actions.js';
import { createNextcloudSubscriptionChange } from './sync/create-nextcloud-subscription-change.js';
import { decideLoginFlowGrant } from './sync/decide-login-flow-grant.js';
import { getDeviceSubscriptionFile } from './sync/get-device-subscription-file.js';
import { getGpodderEpisodeActions } from './sync/get-gpodder-episode-actions.js';
import { getNextcloudEpisodeActions } from './sync/get-nextcloud-episode-actions.js';
import { getNextcloudSubscriptions } from './sync/get-nextcloud-subscriptions.js';
import { getSubscriptionChanges } from './sync/get-subscription-changes.js';
import { getSyncDevices } from './sync/get-sync-devices.js';
import { getUserSubscriptionFile } from './sync/get-user-subscription-file.js';
import { gpodderLogin } from './sync/gpodder-login.js';
import { gpodderLogout } from './sync/gpodder-logout.js';
import { listAppPasswordsRoute } from './sync/list-app-passwords.js';
import { listGpodderDevices } from './sync/list-gpodder-devices.js';
import { pollNextcloudLogin } from './sync/poll-nextcloud-login.js';
import { postSubscriptionChanges } from './sync/post-subscription-changes.js';
import { postSyncDevices } from './sync/post-sync-devices.js';
import { putDeviceSubscriptionFile } from './sync/put-device-subscription-file.js';
import { revokeAppPasswordRoute } from './sync/revoke-app-password.js';
import { showLoginFlowGrant } from './sync/show-login-flow-grant.js';
import { startNextcloudLogin } from './sync/start-nextcloud-login.js';
import { updateGpodderDevice } from './sync/update-gpodder-device.js';
import { uploadGpodderEpisodeActions } from './sync/upload-gpodder-episode-actions.js';
import { listStorylines } from './themes/list-storylines.js';
import { listThemes } from './themes/list-themes.js';

/** Every consumer route, top to bottom. */
export const consumerRoutes: AnyRoute<ConsumerCtx>[] = [
  getHealth,
  // Catalog
  listEpisodes,
  getEpisode,
  getEpisodeInsights,
  searchEpisode,
  listRelatedEpisodes,
  searchLibrary,
  askApp,
  getEpisodeEntities,
  getEpisodeSegments,
  listPodcasts,
  listFeedEpisodes,
  listThemes,
  listStorylines,
  // Open landing routes
  getDiscover,
  getTrendingTopics,
  listDevUsers,
  getAvatar,
  getAudioSource,
  getArtwork,
  // Sign-in and per-user state
  startLogin,
  finishLogin,
  logout,
  getAuthStatus,
  getMe,
  getMyStats,
  listPlaybackPositions,
  getPlaybackPosition,
  savePlaybackPosition,
  getPlayQueue,
  replacePlayQueue,
  addPlayQueueItem,
  removePlayQueueItem,
  listLibrary,
  // Before /library/{feed_id}: the kit refuses a route an earlier one shadows.
  exportOpml,
  importOpml,
  subscribeFeed,
  subscribeFeedFromBody,
  unsubscribeFeed,
  getFavorites,
  putFavorite,
  removeFavorite,
  getInterests,
  putInterests,
  followInterest,
  unfollowInterest,
  recordListen,
  getEpisodeStats,
  // Notifications
  getVapidKey,
  subscribePush,
  unsubscribePush,
  getComms,
  putComms,
  showUnsubscribe,
  confirmUnsubscribe,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  pullOutbox,
  postOutboxStatus,
  // The remote MCP server and its OAuth authorization server
  getAuthorizationServerMetadata,
  getProtectedResourceMetadata,
  getRootProtectedResourceMetadata,
  registerClient,
  showConsent,
  decideConsentRoute,
  exchangeToken,
  listGrants,
  revokeGrant,
  mcpEndpoint,
  // Capture: highlights, notes, exports
  listHighlights,
  createHighlight,
  exportHighlightsMarkdown,
  exportCaptureJson,
  importCapture,
  patchHighlight,
  removeHighlight,
  listNotes,
  createNote,
  patchNote,
  removeNote,
  // Sync with podcast apps: app passwords and the gPodder API v2
  createAppPasswordRoute,
  listAppPasswordsRoute,
  revokeAppPasswordRoute,
  gpodderLogin,
  gpodderLogout,
  listGpodderDevices,
  updateGpodderDevice,
  getSyncDevices,
  postSyncDevices,
  getSubscriptionChanges,
  postSubscriptionChanges,
  getUserSubscriptionFile,
  getDeviceSubscriptionFile,
  putDeviceSubscriptionFile,
  uploadGpodderEpisodeActions,
  getGpodderEpisodeActions,
  // The Nextcloud gPodder Sync API and login flow v2 of the same state
  getNextcloudSubscriptions,
  createNextcloudSubscriptionChange,
  getNextcloudEpisodeActions,
  createNextcloudEpisodeActions,
  startNextcloudLogin,
  pollNextcloudLogin,
  showLoginFlowGrant,
  decideLoginFlowGrant,
  // The Open Podcast API (core, episodes and sync drafts) of the same state
  getOpaCapabilities,
  listOpaSubscriptions,
  addOpaSubscriptionsRoute,
  getOpaSubscriptionRoute,
  updateOpaSubscription,
  deleteOpaSubscriptionRoute,
  getOpaDeletion,
  listOpaEpisodes,
  uploadOpaEpisodesRoute,
  getOpaSync,
  postOpaSync,
  // Podcasting 2.0 overlay feeds, their files and feed tokens
  getShowFeed,
  getQueueFeed,
  getLibraryFeed,
  getTranscriptVtt,
  getTranscriptSrt,
  getTranscriptJson,
  getChapters,
  createFeedTokenRoute,
  listFeedTokensRoute,
  revokeFeedTokenRoute,
];

/**
 * Routes mounted together; a group with `mountIf` is mounted only when the
 * config allows it (the jobs routes of a later issue need REDIS_URL).
 */
export const consumerRouteGroups: RouteGroup<ConsumerCtx, ConsumerConfig>[] = [
  routeGroup({ name: 'consumer', routes: consumerRoutes }),
];

import type { Migration, MigrationProvider } from 'kysely';
import * as createAccounts from './202611210900_create_accounts.js';
import * as createUserState from './202611210905_create_user_state.js';
import * as createUsedLoginStates from './202611211100_create_used_login_states.js';
import * as createNotifications from './202611231200_create_notifications.js';
import * as playbackFinished from './202611241000_playback_finished.js';
import * as playbackRevision from './202611251000_playback_revision.js';
import * as createMcpOauth from './202611261000_create_mcp_oauth.js';
import * as createCapture from './202611261100_create_capture.js';
import * as createSync from './202611270900_create_sync.js';
import * as syncIndexes from './202611271000_sync_indexes.js';
import * as syncPasswordSelector from './202611271100_sync_password_selector.js';
import * as syncAnsweredStamp from './202611281137_sync_answered_stamp.js';
import * as createSyncLoginFlows from './202611281151_create_sync_login_flows.js';
import * as mcpClientsBounded from './202611281237_mcp_clients_bounded.js';
import * as usersEmailVerified from './202611281417_users_email_verified.js';
import * as pushSubscriptionKey from './202611281423_push_subscription_key.js';
import * as outboxPushKindIndex from './202611281431_outbox_push_kind_index.js';
import * as createOpenPodcastApi from './202611290137_create_open_podcast_api.js';
import * as createFeedTokens from './202611290214_create_feed_tokens.js';

/*
 * Imported statically rather than read from disk (FileMigrationProvider), so the
 * same list works from dist/, under jest on sources, and in a bundled app.
 * Add each new migration here; names sort by their timestamp prefix.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '202611210900_create_accounts': createAccounts,
  '202611210905_create_user_state': createUserState,
  '202611211100_create_used_login_states': createUsedLoginStates,
  '202611231200_create_notifications': createNotifications,
  '202611241000_playback_finished': playbackFinished,
  '202611251000_playback_revision': playbackRevision,
  '202611261000_create_mcp_oauth': createMcpOauth,
  '202611261100_create_capture': createCapture,
  '202611270900_create_sync': createSync,
  '202611271000_sync_indexes': syncIndexes,
  '202611271100_sync_password_selector': syncPasswordSelector,
  '202611281137_sync_answered_stamp': syncAnsweredStamp,
  '202611281151_create_sync_login_flows': createSyncLoginFlows,
  '202611281237_mcp_clients_bounded': mcpClientsBounded,
  '202611281417_users_email_verified': usersEmailVerified,
  '202611281423_push_subscription_key': pushSubscriptionKey,
  '202611281431_outbox_push_kind_index': outboxPushKindIndex,
  '202611290137_create_open_podcast_api': createOpenPodcastApi,
  '202611290214_create_feed_tokens': createFeedTokens,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...MIGRATIONS }),
};

import type { FavoriteKind } from '@podcast/contracts';
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

/*
 * TypeScript sees the same snake_case names as PostgreSQL: no CamelCasePlugin.
 * Rows map one to one onto the wire fields of spec 01 (`position_seconds`,
 * `feed_id`), so query modules can hand them to routes without renaming, and a
 * grep for a column finds both the SQL and the code.
 */

/** timestamptz read as Date; written as a Date (or ISO string); server default now(). */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The optional extra fields a client stores with a favorite; always a JSON object. */
export type FavoriteExtra = Record<string, unknown>;

export interface UsersTable {
  /** `u_` followed by 24 lowercase hex digits. */
  id: string;
  email: string | null;
  /** The sign-in provider's email_verified for `email`, as of the last login that gave one. */
  email_verified: Generated<boolean>;
  name: string | null;
  provider: string;
  provider_subject: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Bumped by every write that changes one of the user's playback positions. */
  playback_rev: Generated<string>;
  /** The last sync stamp the user's changes took (next_sync_stamp in SQL). */
  sync_stamp: Generated<string>;
  sync_stamp_xid: Generated<string | null>;
  /** The highest sync stamp an answer carried: later stamps are at least two above it. */
  sync_answered: Generated<string>;
}

export interface SessionsTable {
  /** 32 random bytes, base64url: the value the signed session cookie carries. */
  id: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** OAuth login states already redeemed; a row lives until the state would have expired. */
export interface UsedLoginStatesTable {
  state: string;
  expires_at: Timestamp;
}

export interface PlaybackPositionsTable {
  user_id: string;
  slug: string;
  position_seconds: number;
  updated_at: UpdatedAt;
  /** Marked finished by the client; false by default. */
  finished: Generated<boolean>;
}

export interface QueueItemsTable {
  user_id: string;
  /** 0-based order within the user's queue. */
  position: number;
  slug: string;
}

export interface LibrarySubscriptionsTable {
  user_id: string;
  feed_id: string;
  created_at: CreatedAt;
}

export interface FavoritesTable {
  user_id: string;
  kind: FavoriteKind;
  ref: string;
  /** Inserted and updated as a JSON string: both drivers pass strings through untouched. */
  extra: JSONColumnType<FavoriteExtra, string | undefined, string>;
  created_at: CreatedAt;
}

export interface InterestsTable {
  user_id: string;
  /** Prefixed token: `tc:`, `topic:` or `person:` (validated by the route schema). */
  token: string;
  created_at: CreatedAt;
}

export interface ListenEventsTable {
  /** bigserial; read as a number (see connect.ts on int8 parsing). */
  id: Generated<number>;
  user_id: string;
  slug: string;
  feed_id: string | null;
  occurred_at: Timestamp;
}

/** A JSON document column, written as a JSON string (see FavoritesTable.extra). */
type JsonDocument<T extends object> = JSONColumnType<T, string, string>;

/** The consent record (spec 02), stored whole; contracts' CommsRecord parses it on read. */
export interface CommsTable {
  user_id: string;
  record: JsonDocument<Record<string, unknown>>;
  unsubscribe_ref: string;
  updated_at: UpdatedAt;
}

export interface PushSubscriptionsTable {
  user_id: string;
  endpoint: string;
  /** The dedup key: origin plus path of a Web Push endpoint, a native endpoint whole. */
  endpoint_key: string;
  subscription: JsonDocument<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface OutboxTable {
  /** The envelope's deterministic, period-keyed id. */
  id: string;
  user_id: string;
  channel: 'email' | 'push';
  type: string;
  template: string;
  status: ColumnType<string, string | undefined, string>;
  /** The whole envelope as the seam hands it out. */
  envelope: JsonDocument<Record<string, unknown>>;
  not_before: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reported_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  detail: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface InboxTable {
  /** bigserial; read as a number. */
  id: Generated<number>;
  user_id: string;
  /** Idempotency key: the id of the envelope the entry goes with. */
  key: string;
  type: string;
  title: string;
  text: string | null;
  deep_link: string | null;
  created_at: CreatedAt;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

/** A client registered at the MCP OAuth server (RFC 7591). */
export interface McpOauthClientsTable {
  client_id: string;
  /** SHA-256 of the secret; null for a public client (`none`). */
  client_secret_hash: string | null;
  client_name: string | null;
  redirect_uris: JsonDocument<string[]>;
  token_endpoint_auth_method: string;
  scope: string;
  /** The registered metadata as answered to the client, less what the columns above hold. */
  metadata: JsonDocument<Record<string, unknown>>;
  created_at: CreatedAt;
  /** When a user first consented to the client; null while nobody has. */
  consented_at: NullableTimestamp;
}

/** An authorization request shown to the signed-in user, waiting for the decision. */
export interface McpOauthRequestsTable {
  id: string;
  user_id: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  resource: string;
  state: string | null;
  expires_at: Timestamp;
}

/** One consent: a user let a client act for them on one resource with these scopes. */
export interface McpOauthGrantsTable {
  id: string;
  user_id: string;
  client_id: string;
  scope: string;
  resource: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface McpOauthCodesTable {
  code_hash: string;
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface McpOauthTokensTable {
  token_hash: string;
  grant_id: string;
  kind: 'access' | 'refresh';
  scope: string;
  expires_at: Timestamp;
  /** A refresh token is used once: the first use rotates it, a second one is a replay. */
  used_at: NullableTimestamp;
}

export interface HighlightsTable {
  user_id: string;
  /** `h_` and 24 hex digits, minted by the server; unique per user. */
  id: string;
  episode_slug: string;
  kind: 'span' | 'moment' | 'insight';
  start_ms: number | null;
  end_ms: number | null;
  quote_text: string | null;
  speaker: string | null;
  color: string | null;
  insight_id: string | null;
  char_start: number | null;
  char_end: number | null;
  anchor_status: 'ok' | 'moved' | 'lost';
  /** Hash of the transcript text the anchor was last checked against. */
  transcript_hash: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: UpdatedAt;
}

export interface NotesTable {
  user_id: string;
  /** `n_` and 24 hex digits; unique per user. */
  id: string;
  target: 'highlight' | 'insight' | 'episode';
  target_id: string;
  text: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: UpdatedAt;
}

/** The user name podcast apps log in with, given on the first app password. */
export interface SyncAccountsTable {
  user_id: string;
  username: string;
}

/** A named app password: only its scrypt hash is kept. */
export interface SyncAppPasswordsTable {
  /** `ap_` followed by 24 lowercase hex digits. */
  id: string;
  user_id: string;
  name: string;
  password_hash: string;
  /** The password's first group, in clear: which hash a sign-in checks. */
  selector: string | null;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The `sessionid` cookie of the gPodder login; gone with its app password. */
export interface SyncSessionsTable {
  /** SHA-256 of the cookie value, hex. */
  token_hash: string;
  user_id: string;
  app_password_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface SyncDevicesTable {
  user_id: string;
  id: string;
  caption: ColumnType<string, string | undefined, string>;
  type: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A feed URL (sanitised) a podcast app subscribed to or removed, newest change only. */
export interface SyncSubscriptionsTable {
  user_id: string;
  url: string;
  subscribed: boolean;
  /** The sync stamp of the change. */
  stamp: string | number;
}

/** The newest change of each library row, kept by a trigger on library_subscriptions. */
export interface LibraryChangesTable {
  user_id: string;
  feed_id: string;
  subscribed: boolean;
  stamp: string | number;
}

/** One uploaded episode action, stored as sent (URLs sanitised). */
export interface SyncEpisodeActionsTable {
  id: Generated<string>;
  user_id: string;
  /** Hash of the action's content: a retried upload inserts nothing. */
  content_key: string;
  podcast: string;
  episode: string;
  guid: string | null;
  device_id: string | null;
  action: string;
  /** The action's own time (the upload's time when it carried none). */
  action_at: Timestamp;
  started: number | null;
  position: number | null;
  total: number | null;
  /** The sync stamp of the upload that brought it. */
  stamp: string | number;
}

/** A Nextcloud login flow v2 waiting for its grant, or granted and waiting for its poll. */
export interface SyncLoginFlowsTable {
  /** SHA-256 of the token the app polls with, hex. */
  poll_hash: string;
  /** SHA-256 of the token in the grant page's URL, hex. */
  login_hash: string;
  /** What the app said it is (its User-Agent), shown on the grant page. */
  client_name: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  /** The user who granted it; null while it waits. */
  user_id: string | null;
}

/** An Open Podcast API subscription: its ids and client times; subscribed or not as last written here. */
export interface OpaSubscriptionsTable {
  user_id: string;
  sync_id: string;
  feed_url: string;
  /** The podcast GUID `feed_url` computes to (podcast:guid's rule): one row per feed. */
  feed_guid: string;
  /** Feed URLs it had before, newest last. */
  former_feed_urls: ColumnType<string[], string[] | undefined, string[]>;
  subscribed: boolean;
  subscribed_at: Timestamp;
  unsubscribed_at: Timestamp | null;
  /** The client time of the newest change applied. */
  changed_at: Timestamp;
  deleted_at: Timestamp | null;
  /** The Client-ID of the request that made the newest change. */
  client_id: string | null;
  /** The sync stamp of the newest change written here. */
  stamp: string | number;
  /** The server's time of that write. */
  updated_at: Timestamp;
}

/** Every GUID a subscription had, the first one included, with when it took it. */
export interface OpaSubscriptionGuidsTable {
  seq: Generated<string>;
  user_id: string;
  guid: string;
  sync_id: string;
  taken_at: Timestamp;
}

/** A deletion a client may ask about (GET /v1/deletions/{id}). */
export interface OpaDeletionsTable {
  id: Generated<string>;
  user_id: string;
  guid: string;
  status: string;
  message: string;
  created_at: CreatedAt;
}

/** An episode as Open Podcast API clients named it, each data field with its own time. */
export interface OpaEpisodesTable {
  user_id: string;
  sync_id: string;
  podcast_guid: string;
  episode_guid: string | null;
  title: string | null;
  publish_date: Timestamp | null;
  enclosure_url: string | null;
  episode_url: string | null;
  /** The corpus episode it names, if any. */
  slug: string | null;
  position: number | null;
  position_at: Timestamp | null;
  played: boolean | null;
  played_at: Timestamp | null;
  is_new: boolean | null;
  new_at: Timestamp | null;
  downloaded: boolean | null;
  download_at: Timestamp | null;
  favorite: boolean | null;
  favorite_at: Timestamp | null;
  client_id: string | null;
  updated_at: Timestamp;
}

/** A credential for overlay feed URLs (`?token=`); revoked by deleting the row. */
export interface FeedTokensTable {
  /** `ft_` followed by 24 lowercase hex digits. */
  id: string;
  user_id: string;
  name: string;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  playback_positions: PlaybackPositionsTable;
  queue_items: QueueItemsTable;
  library_subscriptions: LibrarySubscriptionsTable;
  favorites: FavoritesTable;
  interests: InterestsTable;
  listen_events: ListenEventsTable;
  used_login_states: UsedLoginStatesTable;
  comms: CommsTable;
  push_subscriptions: PushSubscriptionsTable;
  outbox: OutboxTable;
  inbox: InboxTable;
  mcp_oauth_clients: McpOauthClientsTable;
  mcp_oauth_requests: McpOauthRequestsTable;
  mcp_oauth_grants: McpOauthGrantsTable;
  mcp_oauth_codes: McpOauthCodesTable;
  mcp_oauth_tokens: McpOauthTokensTable;
  highlights: HighlightsTable;
  notes: NotesTable;
  sync_accounts: SyncAccountsTable;
  sync_app_passwords: SyncAppPasswordsTable;
  sync_sessions: SyncSessionsTable;
  sync_devices: SyncDevicesTable;
  sync_subscriptions: SyncSubscriptionsTable;
  library_changes: LibraryChangesTable;
  sync_episode_actions: SyncEpisodeActionsTable;
  sync_login_flows: SyncLoginFlowsTable;
  opa_subscriptions: OpaSubscriptionsTable;
  opa_subscription_guids: OpaSubscriptionGuidsTable;
  opa_deletions: OpaDeletionsTable;
  opa_episodes: OpaEpisodesTable;
  feed_tokens: FeedTokensTable;
}

/** A user as the account code reads it; the playback revision is read on its own. */
export type UserRow = Omit<
  Selectable<UsersTable>,
  'playback_rev' | 'sync_stamp' | 'sync_stamp_xid' | 'sync_answered'
>;
export type SessionRow = Selectable<SessionsTable>;
export type PlaybackPositionRow = Selectable<PlaybackPositionsTable>;
export type QueueItemRow = Selectable<QueueItemsTable>;
export type LibrarySubscriptionRow = Selectable<LibrarySubscriptionsTable>;
export type FavoriteRow = Selectable<FavoritesTable>;
export type InterestRow = Selectable<InterestsTable>;
export type ListenEventRow = Selectable<ListenEventsTable>;

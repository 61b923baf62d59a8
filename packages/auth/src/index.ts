// Login and sessions

export type { AllowlistAccount } from './allowlist.js';
export { isAllowedAccount } from './allowlist.js';
export type { HashGateStats } from './app-passwords/hash-gate.js';
export { HashGate } from './app-passwords/hash-gate.js';
export type { AppPasswordDeps } from './app-passwords/manage.js';
export {
  createAppPassword,
  listUserAppPasswords,
  revokeAppPassword,
} from './app-passwords/manage.js';
export { mintAppPassword, syncUsernameCandidates } from './app-passwords/mint.js';
export {
  APP_PASSWORD_COST,
  hashAppPassword,
  type ScryptCost,
  verifyAppPassword,
} from './app-passwords/password-hash.js';
export type { SignInThrottleOptions } from './app-passwords/sign-in-throttle.js';
export { SIGN_IN_THROTTLE_DEFAULTS, SignInThrottle } from './app-passwords/sign-in-throttle.js';
export type { SyncAuthDeps, SyncPrincipal } from './app-passwords/sync-auth.js';
export {
  authenticateSync,
  parseBasicAuth,
  SyncAuthRefused,
  sessionCookieForBasic,
} from './app-passwords/sync-auth.js';
export {
  endSyncSession,
  isSyncCookieSecure,
  SYNC_SESSION_COOKIE,
  SYNC_SESSION_TTL_MS,
  syncCookieOptions,
} from './app-passwords/sync-sessions.js';
export type { SyncSignIn, SyncSignInOptions } from './app-passwords/sync-sign-in.js';
export { createSyncSignIn, HASHING_DEFAULTS } from './app-passwords/sync-sign-in.js';
export type { VerifiedCredentials } from './app-passwords/verified-credentials.js';
export type { AuthDeps, AuthOptions, AuthRuntime } from './auth-runtime.js';
export {
  createAuthRuntime,
  DEFAULT_AUTH_OPTIONS,
  followSessionRevocations,
  LOCAL_USER,
} from './auth-runtime.js';
export type { LoginStart } from './begin-login.js';
export { beginLogin } from './begin-login.js';
export type { CallbackQuery } from './complete-login.js';
export { completeLogin } from './complete-login.js';
// Cookies and signing (reusable: MCP OAuth tokens, unsubscribe links)
export { parseCookieHeader } from './cookie-header.js';
// Overlay feeds: feed tokens and the feeds' credential check
export type { FeedAuthDeps, FeedPrincipal, FeedRequest } from './feed-tokens/feed-auth.js';
export { authenticateFeed, FeedAuthRefused } from './feed-tokens/feed-auth.js';
export type { FeedTokenDeps } from './feed-tokens/manage.js';
export {
  createFeedToken,
  FEED_TOKEN_PREFIX,
  isOwnFeedToken,
  listUserFeedTokens,
  revokeFeedToken,
} from './feed-tokens/manage.js';
export { loginFlowDecidedHtml, loginFlowPageHtml } from './login-flow/grant-page.js';
export type { LoginFlowUrls } from './login-flow/login-flow.js';
export {
  decideLoginFlow,
  loginFlowClientName,
  loginFlowToGrant,
  pollLoginFlow,
  startLoginFlow,
} from './login-flow/login-flow.js';
export type {
  AuthConfig,
  LoginSettings,
  LoginSettingsResult,
  ProviderEndpoints,
} from './login-settings.js';
export { loginSettingsOf, requireLoginSettings } from './login-settings.js';
export type { LoginState, RandomBytes } from './login-state.js';
export { encodeLoginState, LOGIN_STATE_TTL_MS, newLoginState } from './login-state.js';
// The MCP OAuth authorization server
export type { McpPrincipal } from './mcp-oauth/access.js';
export {
  bearerChallenge,
  insufficientScopeChallenge,
  McpTokenRefused,
  verifyMcpAccessToken,
} from './mcp-oauth/access.js';
export type { AuthorizationCheck, PendingAuthorization } from './mcp-oauth/authorize.js';
export { checkAuthorizationRequest, decideConsent, openConsent } from './mcp-oauth/authorize.js';
export type {
  ClientMetadataDocuments,
  ClientMetadataDocumentsOptions,
} from './mcp-oauth/client-metadata-documents.js';
export { createClientMetadataDocuments } from './mcp-oauth/client-metadata-documents.js';
export { consentPageHtml } from './mcp-oauth/consent-page.js';
export type { McpOAuthDeps } from './mcp-oauth/deps.js';
export type { McpEndpoints } from './mcp-oauth/endpoints.js';
export {
  authorizationServerMetadata,
  MCP_PATHS,
  mcpEndpointsOf,
  protectedResourceMetadata,
} from './mcp-oauth/endpoints.js';
export { OAuthError } from './mcp-oauth/oauth-error.js';
export type { RegistrationDeps } from './mcp-oauth/register-client.js';
export { registerMcpClient } from './mcp-oauth/register-client.js';
export { createRegistrationLimiter } from './mcp-oauth/registration-limits.js';
export type { ClientCredentials } from './mcp-oauth/token.js';
export { exchangeMcpToken } from './mcp-oauth/token.js';
export type { SessionPrincipal } from './principal.js';
export {
  findCookieSession,
  findPrincipal,
  requirePrincipal,
  signOut,
} from './principal.js';
export { ProviderFailure } from './provider-failure.js';
export type { SessionCache, SessionCacheOptions } from './session-cache.js';
export { createSessionCache } from './session-cache.js';
export type { CookieOptions } from './session-cookie.js';
export {
  clearedLoginStateCookieOptions,
  clearedSessionCookieOptions,
  LOGIN_STATE_COOKIE,
  LOGIN_STATE_COOKIE_PATH,
  loginStateCookieOptions,
  SESSION_COOKIE,
  sessionCookieOptions,
  sessionCookieValue,
} from './session-cookie.js';
export type { SignaturePurpose } from './signed-value.js';
export { signValue, verifySignedValue } from './signed-value.js';

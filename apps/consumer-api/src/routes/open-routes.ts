/**
 * Spec 01 Authentication rule 2: the only routes production serves without a
 * session. Everything else under /api/app declares auth 'session';
 * test/access.test.ts walks every registered route against this list.
 */
export const OPEN_ROUTE_PATHS: readonly string[] = [
  '/api/app/discover',
  '/api/app/corpus/trending-topics',
  '/api/app/artwork',
  '/api/app/comms/unsubscribe',
  '/api/app/auth/login',
  '/api/app/auth/callback',
  '/api/app/auth/logout',
  '/api/app/auth/dev-users',
  '/api/app/auth/status',
  '/api/app/mcp/oauth/register',
  '/api/app/mcp/oauth/token',
  '/.well-known/oauth-authorization-server',
  '/index.php/login/v2',
  '/index.php/login/v2/poll',
  '/v1/capabilities',
  '/api/app/profile/{user_id}/avatar',
  '/api/health',
];

export function isOpenRoutePath(path: string): boolean {
  return OPEN_ROUTE_PATHS.includes(path);
}

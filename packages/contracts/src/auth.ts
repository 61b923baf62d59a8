import { CurrentUser } from './user-state.js';
import { z } from './zod.js';

/**
 * What the app needs before it decides to show a sign-in button
 * (`GET /api/app/auth/status`, an open route of spec 01 rule 2).
 */
export const AuthStatus = z
  .object({
    authenticated: z.boolean().openapi({
      description: 'A user is resolved: a valid session, or the local user in development',
    }),
    configured: z.boolean().openapi({
      description: 'Login is possible: session secret and provider settings are present',
    }),
    login_required: z.boolean().openapi({
      description: 'True in production, where every per-user route needs a session',
    }),
    user: CurrentUser.optional(),
  })
  .openapi('AuthStatus');
export type AuthStatus = z.infer<typeof AuthStatus>;

/**
 * Where the browser lands after sign-in: a path on this server (one leading
 * slash, printable ASCII, no backslash), so the login can never redirect
 * off-site. The MCP consent page sends its own URL here.
 */
export const RETURN_PATH = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;

export const LoginQuery = z.object({
  return_to: z
    .string()
    .max(2000)
    .regex(RETURN_PATH, 'a path on this server, starting with a single /')
    .optional()
    .openapi({ example: '/api/app/mcp/oauth/authorize?client_id=abc' }),
});

import type { LoginFlowUrls } from '@podcast/auth';
import type { Request } from 'express';
import type { ConsumerCtx } from '../../context.js';
import { publicOriginOf } from '../public-origin.js';

// Nextcloud's login flow v2, which AntennaPod's Nextcloud sync provider signs
// in with (docs/decisions/sync.md). Starting and polling are open by nature,
// so both are rate-limited per source address; the grant page needs the web
// session, like any page of the web app.

export const GRANT_PAGE = '/api/app/sync/login-flow';

export const NO_STORE = { 'Cache-Control': 'no-store' };

// The grant page must not be framed (clickjacking), cached, or leak its token.
export const PAGE_HEADERS = {
  ...NO_STORE,
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

export const HTML = { description: 'An HTML page', contentType: 'text/html; charset=utf-8' };

export function loginFlowUrls(ctx: ConsumerCtx, req: Request): LoginFlowUrls {
  const origin = publicOriginOf(ctx, req);
  return {
    server: origin,
    poll: `${origin}/index.php/login/v2/poll`,
    login: (token) => `${origin}${GRANT_PAGE}/${token}`,
  };
}

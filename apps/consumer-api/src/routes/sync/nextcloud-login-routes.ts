import {
  decideLoginFlow,
  type LoginFlowUrls,
  loginFlowClientName,
  loginFlowDecidedHtml,
  loginFlowPageHtml,
  loginFlowToGrant,
  pollLoginFlow,
  startLoginFlow,
} from '@podcast/auth';
import {
  LoginFlowCredentials,
  LoginFlowDecision,
  LoginFlowParams,
  LoginFlowPollBody,
  LoginFlowStarted,
  Problem,
} from '@podcast/contracts';
import { HttpError, rawReply, reply, takeFromSource } from '@podcast/http-kit';
import type { Request } from 'express';
import { type ConsumerCtx, defineRoute } from '../../context.js';
import { publicOriginOf } from '../public-origin.js';

// Nextcloud's login flow v2, which AntennaPod's Nextcloud sync provider signs
// in with (docs/decisions/sync.md). Starting and polling are open by nature,
// so both are rate-limited per source address; the grant page needs the web
// session, like any page of the web app.
const TAGS = ['nextcloud'];
const GRANT_PAGE = '/api/app/sync/login-flow';
const NO_STORE = { 'Cache-Control': 'no-store' };
// The grant page must not be framed (clickjacking), cached, or leak its token.
const PAGE_HEADERS = {
  ...NO_STORE,
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};
const HTML = { description: 'An HTML page', contentType: 'text/html; charset=utf-8' };

function loginFlowUrls(ctx: ConsumerCtx, req: Request): LoginFlowUrls {
  const origin = publicOriginOf(ctx, req);
  return {
    server: origin,
    poll: `${origin}/index.php/login/v2/poll`,
    login: (token) => `${origin}${GRANT_PAGE}/${token}`,
  };
}

export const startNextcloudLogin = defineRoute({
  method: 'post',
  path: '/index.php/login/v2',
  summary: 'Nextcloud login flow v2: start a sign-in for a podcast app',
  description:
    'Open the `login` page in a browser, signed in, to grant it; poll `poll.endpoint` with ' +
    '`token` meanwhile. A flow lasts 10 minutes; at most 1,000 wait at once, and an address ' +
    'may start 10 per 10 minutes (429 past either).',
  tags: TAGS,
  auth: 'open',
  responses: { 200: LoginFlowStarted, 429: Problem.describe('Too many starts or waiting flows') },
  handler: async ({ ctx, req }) => {
    takeFromSource(ctx.loginFlowLimits.starts, req);
    const clientName = loginFlowClientName(req.get('user-agent'));
    const started = await startLoginFlow(ctx, clientName, loginFlowUrls(ctx, req));
    return reply(200, started, NO_STORE);
  },
});

export const pollNextcloudLogin = defineRoute({
  method: 'post',
  path: '/index.php/login/v2/poll',
  summary: 'Nextcloud login flow v2: collect the credentials of a granted sign-in',
  description:
    '404 until the user grants the flow; then, once, the server, the sync user name and a new ' +
    'app password. 120 polls a minute per address (429 past it).',
  tags: TAGS,
  auth: 'open',
  accepts: ['form', 'json'],
  bodyLimit: '4kb',
  body: LoginFlowPollBody,
  responses: {
    200: LoginFlowCredentials,
    404: Problem.describe('Not granted yet, expired, or collected already'),
    409: Problem.describe('The user has 20 app passwords already'),
    429: Problem.describe('Too many polls'),
  },
  handler: async ({ ctx, body, req }) => {
    takeFromSource(ctx.loginFlowLimits.polls, req);
    const credentials = await pollLoginFlow(
      { db: ctx.db, now: ctx.now, hashing: ctx.syncSignIn.hashing },
      body.token,
      loginFlowUrls(ctx, req).server,
    );
    return reply(200, credentials, NO_STORE);
  },
});

export const showLoginFlowGrant = defineRoute({
  method: 'get',
  path: '/api/app/sync/login-flow/{token}',
  summary: "The page where a signed-in user grants a podcast app's Nextcloud sign-in",
  tags: TAGS,
  auth: 'session',
  params: LoginFlowParams,
  responses: {
    200: HTML,
    404: Problem.describe('Unknown or expired sign-in'),
    409: Problem.describe('Granted already'),
  },
  handler: async ({ ctx, params, principal }) => {
    const flow = await loginFlowToGrant(ctx, params.token);
    if (flow.grantedBy !== null) {
      throw new HttpError(409, 'this sign-in was granted already: go back to the podcast app');
    }
    const label = principal.user.email ?? principal.user.name ?? 'the local user';
    const html = loginFlowPageHtml(flow, `${GRANT_PAGE}/${params.token}`, label);
    return rawReply(200, 'text/html; charset=utf-8', html, PAGE_HEADERS);
  },
});

export const decideLoginFlowGrant = defineRoute({
  method: 'post',
  path: '/api/app/sync/login-flow/{token}',
  summary: "The user's answer on the grant page (a form post of `decision`)",
  description:
    "allow: the app's next poll mints an app password for this user; deny: the flow ends. " +
    'Each flow is decided once.',
  tags: TAGS,
  auth: 'session',
  accepts: ['form'],
  bodyLimit: '4kb',
  params: LoginFlowParams,
  body: LoginFlowDecision,
  responses: {
    200: HTML,
    404: Problem.describe('Unknown, expired or decided already'),
    409: Problem.describe('The user has 20 app passwords already'),
  },
  handler: async ({ ctx, params, body, principal }) => {
    await decideLoginFlow(ctx, principal.user, params.token, body.decision);
    return rawReply(
      200,
      'text/html; charset=utf-8',
      loginFlowDecidedHtml(body.decision),
      PAGE_HEADERS,
    );
  },
});

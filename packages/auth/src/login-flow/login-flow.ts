import { randomBytes } from 'node:crypto';
import {
  DomainError,
  LOGIN_FLOW_LIMITS,
  type LoginFlowCredentials,
  type LoginFlowDecision,
  type LoginFlowStarted,
  NotFound,
  SYNC_LIMITS,
  TooManyRequests,
} from '@podcast/contracts';
import {
  denyLoginFlow,
  findLoginFlow,
  findUserById,
  grantLoginFlow,
  insertLoginFlow,
  listAppPasswords,
  type PendingLoginFlow,
  takeGrantedLoginFlow,
  type User,
  withTransaction,
} from '@podcast/db';
import type { HashGate } from '../app-passwords/hash-gate.js';
import { type AppPasswordDeps, createAppPassword } from '../app-passwords/manage.js';
import { hashSecret } from '../mcp-oauth/secrets.js';

/*
 * Nextcloud's login flow v2, as podcast apps with a "Nextcloud" sync
 * provider sign in: the app starts a flow, opens its `login` page in a
 * browser, where the signed-in user grants it, and polls until it is
 * given a user name and an app password. The password is minted by the
 * poll that takes the granted flow away, so it exists once and is handed
 * out once; nothing but hashes of the flow's tokens is ever stored.
 */

/** Where a flow's URLs point: the server as the app reaches it. */
export interface LoginFlowUrls {
  server: string;
  poll: string;
  login(token: string): string;
}

const NO_NAME = 'A podcast app (Nextcloud sign-in)';

/** What the grant page and the password's name call the app: its User-Agent, made printable. */
export function loginFlowClientName(userAgent: string | undefined): string {
  const printable = (userAgent ?? '').replace(/[^\x20-\x7e]+/g, ' ').trim();
  return printable === '' ? NO_NAME : printable.slice(0, 100);
}

/** POST /index.php/login/v2: a new flow, unless too many are waiting already (a 429). */
export async function startLoginFlow(
  deps: AppPasswordDeps,
  clientName: string,
  urls: LoginFlowUrls,
): Promise<LoginFlowStarted> {
  const random = deps.random ?? randomBytes;
  const pollToken = random(32).toString('base64url');
  const loginToken = random(32).toString('base64url');
  const now = deps.now();
  const stored = await insertLoginFlow(
    deps.db,
    {
      pollHash: hashSecret(pollToken),
      loginHash: hashSecret(loginToken),
      clientName,
      now,
      expiresAt: new Date(now.getTime() + LOGIN_FLOW_LIMITS.ttlMs),
    },
    LOGIN_FLOW_LIMITS.pendingFlows,
  );
  if (!stored) {
    throw new TooManyRequests(60, 'too many sign-ins are waiting to be granted; retry later');
  }
  return { poll: { token: pollToken, endpoint: urls.poll }, login: urls.login(loginToken) };
}

/** The flow a grant page shows; NotFound when it is unknown, expired, or collected already. */
export async function loginFlowToGrant(
  deps: AppPasswordDeps,
  loginToken: string,
): Promise<PendingLoginFlow> {
  const flow = await findLoginFlow(deps.db, hashSecret(loginToken), deps.now());
  if (flow === undefined) {
    throw new NotFound('this sign-in request is unknown or expired: start again in the app');
  }
  return flow;
}

/**
 * The user's answer on the grant page. Allowing checks the user's room for
 * one more app password first, so a full account hears it here rather than
 * the app at its poll; denying ends the flow.
 */
export async function decideLoginFlow(
  deps: AppPasswordDeps,
  user: Pick<User, 'id'>,
  loginToken: string,
  decision: LoginFlowDecision['decision'],
): Promise<void> {
  const loginHash = hashSecret(loginToken);
  if (decision === 'deny') {
    if (!(await denyLoginFlow(deps.db, loginHash))) {
      throw new NotFound('this sign-in request is unknown, expired or decided already');
    }
    return;
  }
  const passwords = await listAppPasswords(deps.db, user.id);
  if (passwords.length >= SYNC_LIMITS.appPasswordsPerUser) {
    throw new DomainError(
      'conflict',
      `already ${SYNC_LIMITS.appPasswordsPerUser} app passwords: revoke one first`,
    );
  }
  if (!(await grantLoginFlow(deps.db, loginHash, user.id, deps.now()))) {
    throw new NotFound('this sign-in request is unknown, expired or decided already');
  }
}

/**
 * POST /index.php/login/v2/poll: NotFound (the 404 apps poll on) until the
 * flow is granted; then, once, the user name and a new app password. Taking
 * the flow and minting the password are one transaction: a mint that fails
 * leaves the flow for the next poll.
 */
export async function pollLoginFlow(
  deps: AppPasswordDeps & { hashing: HashGate },
  pollToken: string,
  server: string,
): Promise<LoginFlowCredentials> {
  return withTransaction(deps.db, async (trx) => {
    const flow = await takeGrantedLoginFlow(trx, hashSecret(pollToken), deps.now());
    const user = flow && (await findUserById(trx, flow.userId));
    if (flow === undefined || user === undefined) {
      throw new NotFound('not granted yet: keep polling');
    }
    const created = await createAppPassword({ ...deps, db: trx }, user, flow.clientName);
    return { server, loginName: created.username, appPassword: created.password };
  });
}

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '@podcast/corpus';
import { listOutboxOf, subscribe } from '@podcast/db';
import { replaceComms, tickAt } from '@podcast/notifications';
import { commsDeps } from '../src/routes/comms/comms-deps.js';
import { schedulerContentOf } from '../src/scheduler-content.js';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import {
  explicitProviderEnv,
  type FakeAccount,
  type FakeOAuthProvider,
  startFakeOAuthProvider,
} from './support/fake-oauth-provider.js';
import { requestMe, signInAs } from './support/login-flow.js';

const CLIENT = { clientId: 'podcast-app', clientSecret: 'client-secret-1' };

describe("the provider's email_verified decides who gets a digest email", () => {
  let provider: FakeOAuthProvider;
  let t: TestApp;
  let newest: EpisodeRecord;
  let publishDay: string;

  beforeAll(async () => {
    provider = await startFakeOAuthProvider(CLIENT);
    t = await buildTestApp({
      appEnv: 'production',
      env: {
        SESSION_SECRET: 'a-session-secret-that-is-long-enough-1234',
        ...explicitProviderEnv(provider, CLIENT, 'https://app.example/api/app/auth/callback'),
        // Anyone may sign in: the flag must still keep unverified addresses unmailed.
        AUTH_ALLOWLIST: '*',
      },
    });
    const snapshot = await t.ctx.corpus.get(t.ctx.config.corpusDir);
    newest = snapshot.episodes.find(
      (episode) => episode.publish_date !== null && episode.duration_seconds,
    ) as EpisodeRecord;
    publishDay = (newest.publish_date as string).slice(0, 10);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** Signs `account` in, opts it into the daily digest email and gives it a feed with news. */
  async function digestReader(account: FakeAccount): Promise<string> {
    const me = await requestMe(t.app, await signInAs(t.app, provider, account));
    const userId = me.body.user_id as string;
    await replaceComms(commsDeps(t.ctx), userId, {
      types: { digest: { email: true } },
      digest_schedule: { cadence: 'daily', hour: 8 },
    });
    await subscribe(t.ctx.db, userId, newest.feed_id, new Date());
    return userId;
  }

  const storedFlag = async (userId: string) =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select('email_verified')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).email_verified;

  it('mails only the address the provider marks verified, even with AUTH_ALLOWLIST=*', async () => {
    const verified = await digestReader({ sub: 'v', email: 'v@x.example', email_verified: true });
    const unverified = await digestReader({
      sub: 'u',
      email: 'u@x.example',
      email_verified: false,
    });
    const silent = await digestReader({ sub: 's', email: 's@x.example' });
    expect(await storedFlag(verified)).toBe(true);
    expect(await storedFlag(unverified)).toBe(false);
    expect(await storedFlag(silent)).toBe(false);

    await tickAt(
      {
        db: t.ctx.db,
        content: schedulerContentOf(t.ctx.corpus, t.ctx.config.corpusDir, t.ctx.corpusIndex),
        logger: t.ctx.logger,
        now: t.ctx.now,
      },
      new Date(`${publishDay}T08:00:00Z`),
    );
    const emails = async (userId: string) =>
      (await listOutboxOf(t.ctx.db, userId)).filter((row) => row.channel === 'email');
    const sent = await emails(verified);
    expect(sent.map((row) => row.envelope.recipient)).toEqual([
      { email: 'v@x.example', email_verified: true },
    ]);
    expect(await emails(unverified)).toEqual([]);
    expect(await emails(silent)).toEqual([]);
  });

  it('follows the flag of each later sign-in, and keeps it when a sign-in brings no address', async () => {
    const userId = await digestReader({ sub: 'w', email: 'w@x.example', email_verified: false });
    await signInAs(t.app, provider, { sub: 'w', email: 'w@x.example', email_verified: true });
    expect(await storedFlag(userId)).toBe(true);
    await signInAs(t.app, provider, { sub: 'w' });
    expect(await storedFlag(userId)).toBe(true);
    await signInAs(t.app, provider, { sub: 'w', email: 'new@x.example' });
    expect(await storedFlag(userId)).toBe(false);
  });
});

import { afterAll, beforeAll, describe } from '@jest/globals';
import type { CorpusSnapshot } from '@podcast/corpus';
import request from 'supertest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { sessionCookieFor } from './session-cookie-for.js';

type Method = 'get' | 'put' | 'post' | 'delete';

/** One app in one mode with its signed-in user. */
export interface ModeFixture {
  appEnv: 'development' | 'production';
  testApp: TestApp;
  snapshot: CorpusSnapshot;
  userId: string;
  /** A request as the user: with the session cookie in production, bare in development. */
  as(method: Method, url: string): request.Test;
}

const SECRET = 'a-session-secret-for-per-user-tests-000';

async function buildFixture(appEnv: ModeFixture['appEnv']): Promise<ModeFixture> {
  const testApp = await buildTestApp({ appEnv, env: { SESSION_SECRET: SECRET } });
  const snapshot = await testApp.ctx.corpus.get(testApp.ctx.config.corpusDir);
  let cookie: string | undefined;
  let userId: string;
  if (appEnv === 'production') {
    const session = await sessionCookieFor(testApp.ctx, 'per-user');
    cookie = session.cookie;
    userId = session.user.id;
  } else {
    userId = (await request(testApp.app).get('/api/app/me')).body.user_id;
  }
  const as = (method: Method, url: string) => {
    const req = request(testApp.app)[method](url);
    return cookie === undefined ? req : req.set('cookie', cookie);
  };
  return { appEnv, testApp, snapshot, userId, as };
}

/**
 * Runs the same per-user suite signed in through a session in production and
 * as the local user in development (spec 01 rules 1-3).
 */
export function describeInBothModes(title: string, suite: (fixture: () => ModeFixture) => void) {
  describe.each(['development', 'production'] as const)(`${title} (%s)`, (appEnv) => {
    let fixture: ModeFixture | undefined;
    beforeAll(async () => {
      fixture = await buildFixture(appEnv);
    });
    afterAll(async () => {
      await fixture?.testApp.close();
    });
    suite(() => {
      if (fixture === undefined) {
        throw new Error('fixture not built');
      }
      return fixture;
    });
  });
}

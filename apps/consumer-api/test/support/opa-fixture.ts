import { afterAll, beforeAll } from '@jest/globals';
import type { Express } from 'express';
import request from 'supertest';
import { connectedClient } from './mcp-oauth-flow.js';
import { openSyncFixture, type SyncFixture, syncableShows } from './sync-fixture.js';

/** The public origin tokens are bound to (the MCP OAuth server's resource). */
export const OPA_BASE = 'https://podcast.example';

export interface OpaSuite {
  f: SyncFixture;
  shows: ReturnType<typeof syncableShows>;
}

/** The sync fixture (production mode, app passwords) with a fixed public origin, for the file. */
export function useOpaFixture(prefix: string, now?: () => Date): OpaSuite {
  const suite = {} as OpaSuite;
  beforeAll(async () => {
    suite.f = await openSyncFixture(prefix, {
      env: { PUBLIC_BASE_URL: OPA_BASE },
      ...(now ? { now } : {}),
    });
    suite.shows = syncableShows(suite.f.snapshot);
  });
  afterAll(() => suite.f.close());
  return suite;
}

/** Requests as an Open Podcast API client sends them: its credential, JSON, its Client-ID. */
export function opaClient(app: Express, authorization: string, clientId?: string) {
  const signed = (r: request.Test) => {
    const withAuth = r.set('authorization', authorization);
    return clientId === undefined ? withAuth : withAuth.set('client-id', clientId);
  };
  return {
    get: (path: string) => signed(request(app).get(path)),
    post: (path: string, body: unknown) => signed(request(app).post(path)).send(body as object),
    patch: (path: string, body: unknown) => signed(request(app).patch(path)).send(body as object),
    delete: (path: string) => signed(request(app).delete(path)),
  };
}

/** An access token of the user behind `cookie`, granted `scope` by the OAuth flow. */
export async function accessToken(app: Express, cookie: string, scope: string): Promise<string> {
  return (await connectedClient(app, cookie, { scope })).access;
}

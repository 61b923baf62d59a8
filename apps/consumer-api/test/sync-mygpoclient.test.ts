import { execFile } from 'node:child_process';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { type SyncUser, useSyncFixture } from './support/sync-fixture.js';

/*
 * The gPodder project's own client library (Debian's python3-mygpoclient,
 * which .ci/run installs) against a listening server: Basic challenges,
 * JSON sent as a form post, empty answers where the library expects none,
 * and the shapes it parses. Debian's python, not pyenv's, sees the package.
 */

const PYTHON = '/usr/bin/python3';
const SCRIPT = path.join(import.meta.dirname, 'fixtures', 'mygpoclient-session.py');

// Served over plain HTTP here: the public origin says so, or the cookie
// would be Secure and urllib would never send it back.
const suite = useSyncFixture('mygpoclient', { env: { PUBLIC_BASE_URL: 'http://127.0.0.1' } });
let server: Server;

beforeAll(async () => {
  server = suite.f.t.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
});

afterAll(() => {
  server.close();
});

/** One whole session of a new mygpoclient client (a fresh process): what each call answered. */
async function runSession(u: SyncUser): Promise<Record<string, unknown>> {
  const [show] = suite.shows;
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { stdout } = await promisify(execFile)(
    PYTHON,
    [SCRIPT, root, u.username, u.password, show?.url ?? '', show?.episode.media_url ?? ''],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout);
}

it('serves a whole mygpoclient session: devices, subscriptions, actions, the simple API', async () => {
  const u = await suite.f.user('python');
  const [show] = suite.shows;
  const out = await runSession(u);
  expect(out.device_updated).toBe(true);
  expect(out.devices).toEqual([['gpodder_test-host', 'gPodder on test-host', 'desktop', 0]]);
  expect(out.first_pull).toEqual({ add: [], remove: [] });
  expect(out.update).toEqual({
    update_urls: [['http://unknown.example.com/rss ', 'http://unknown.example.com/rss']],
    since_grew: true,
  });
  expect(out.pull).toEqual({
    add: [show?.url, 'http://unknown.example.com/rss'].sort(),
    remove: [],
  });
  expect(out.pull_again).toEqual({ add: [], remove: [] });
  expect(out.retry_same_since).toBe(true);
  expect(out.download).toEqual([
    {
      podcast: show?.url,
      episode: show?.episode.media_url,
      action: 'play',
      device: 'gpodder_test-host',
      timestamp: '2026-11-25T10:00:00',
      started: 0,
      position: 123,
      total: 600,
    },
  ]);
  expect(out.download_since_empty).toBe(true);
  expect(out.put).toBe(true);
  expect(out.get).toEqual([show?.url]);
  // What the library did is what the web app sees.
  const position = await request(suite.f.t.app)
    .get(`/api/app/playback/${show?.episode.slug}`)
    .set('cookie', u.cookie);
  expect(position.body.position_seconds).toBe(123);
  const library = await request(suite.f.t.app).get('/api/app/library').set('cookie', u.cookie);
  expect(library.body.items.map((i: { feed_id: string }) => i.feed_id)).toEqual([show?.feedId]);
});

describe('a valid app password always gets in (gPodder turns sync off on Unauthorized)', () => {
  it('serves two whole sessions of new clients one right after the other', async () => {
    const u = await suite.f.user('restarted');
    const [show] = suite.shows;
    const first = await runSession(u);
    const second = await runSession(u);
    for (const out of [first, second]) {
      expect(out.device_updated).toBe(true);
      expect(out.put).toBe(true);
      expect(out.get).toEqual([show?.url]);
    }
  });

  it("serves a session right after another client's login.json with the same password", async () => {
    const u = await suite.f.user('two-apps');
    const login = await request(suite.f.t.app)
      .post(`/api/2/auth/${u.username}/login.json`)
      .set('authorization', u.basic);
    expect(login.status).toBe(200);
    const out = await runSession(u);
    expect(out.device_updated).toBe(true);
    expect(out.put).toBe(true);
  });
});

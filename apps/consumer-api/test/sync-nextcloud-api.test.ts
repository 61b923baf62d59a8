import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { type SyncUser, useSyncFixture } from './support/sync-fixture.js';

// The requests AntennaPod (net/sync/gpoddernet/.../nextcloud/NextcloudSyncService.java)
// and Kasts (src/sync/gpodder/gpodder.cpp, provider GPodderNextcloud) send to
// the nextcloud-gpodder app, answered from the same state as the gPodder API.

const suite = useSyncFixture('nextcloud-api');
const NC = '/index.php/apps/gpoddersync';

/** AntennaPod's performRequest: Basic, Accept JSON, JSON bodies as okhttp labels them. */
function antennaPod(u: SyncUser) {
  const app = () => suite.f.t.app;
  return {
    get: (p: string) =>
      request(app()).get(p).set('authorization', u.basic).set('accept', 'application/json'),
    post: (p: string, body: unknown) =>
      request(app())
        .post(p)
        .set('authorization', u.basic)
        .set('accept', 'application/json')
        .set('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(body)),
  };
}

describe('AntennaPod in Nextcloud mode', () => {
  it('syncs subscriptions and plays, in the shapes of the nextcloud-gpodder app', async () => {
    const u = await suite.f.user('antennapod-nc');
    const ap = antennaPod(u);
    const [show] = suite.shows;
    const ep = show?.episode;
    const first = await ap.get(`${NC}/subscriptions?since=0`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ add: [], remove: [], timestamp: expect.any(Number) });
    const up = await ap.post(`${NC}/subscription_change/create`, {
      add: [show?.url, 'https://elsewhere.example/feed.xml'],
      remove: [],
    });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ timestamp: expect.any(Number) });
    // EpisodeAction.writeToJsonObject: a play carries started, position and total.
    const played = await ap.post(`${NC}/episode_action/create`, [
      {
        podcast: show?.url,
        episode: ep?.media_url,
        guid: ep?.episode_id,
        action: 'play',
        timestamp: '2026-11-25T10:00:00',
        started: 0,
        position: 321,
        total: 600,
      },
    ]);
    expect(played.status).toBe(200);
    expect(played.body).toEqual({ timestamp: expect.any(Number) });
    const actions = await ap.get(`${NC}/episode_action?since=0`);
    expect(actions.body).toEqual({
      actions: [
        {
          podcast: show?.url,
          episode: ep?.media_url,
          guid: ep?.episode_id,
          action: 'PLAY',
          timestamp: '2026-11-25T10:00:00',
          started: 0,
          position: 321,
          total: 600,
        },
      ],
      timestamp: played.body.timestamp,
    });
    // The same state: the web app's library and position, and the gPodder API.
    const web = suite.as(u);
    const library = await web.web('get', '/api/app/library');
    expect(library.body.items.map((i: { feed_id: string }) => i.feed_id)).toEqual([show?.feedId]);
    const position = await web.web('get', `/api/app/playback/${ep?.slug}`);
    expect(position.body.position_seconds).toBe(321);
    const v2 = await web.get(`/api/2/subscriptions/${u.username}/phone.json?since=0`);
    expect(v2.body.add.sort()).toEqual([show?.url, 'https://elsewhere.example/feed.xml'].sort());
    const removed = await ap.post(`${NC}/subscription_change/create`, {
      add: [],
      remove: ['https://elsewhere.example/feed.xml'],
    });
    const delta = await ap.get(`${NC}/subscriptions?since=${up.body.timestamp}`);
    expect(delta.body).toEqual({
      add: [],
      remove: ['https://elsewhere.example/feed.xml'],
      timestamp: removed.body.timestamp,
    });
  });

  it('answers only plays, web-app positions among them, with -1 for what is unknown', async () => {
    const u = await suite.f.user('nc-plays');
    const [, show] = suite.shows;
    const ep = show?.episode;
    const web = suite.as(u);
    await web.post(`/api/2/episodes/${u.username}.json`, [
      {
        podcast: 'https://other.example/feed',
        episode: 'https://other.example/1.mp3',
        action: 'download',
        device: 'laptop',
        timestamp: '2026-11-25T09:00:00',
      },
      {
        podcast: 'https://other.example/feed',
        episode: 'https://other.example/1.mp3',
        action: 'play',
        device: 'laptop',
        position: 50,
        timestamp: '2026-11-25T09:30:00',
      },
    ]);
    await web.web('put', `/api/app/playback/${ep?.slug}`).send({ position_seconds: 77 });
    const res = await antennaPod(u).get(`${NC}/episode_action?since=0`);
    expect(res.body.actions).toEqual([
      {
        podcast: 'https://other.example/feed',
        episode: 'https://other.example/1.mp3',
        guid: null,
        action: 'PLAY',
        timestamp: '2026-11-25T09:30:00',
        started: -1,
        position: 50,
        total: -1,
      },
      expect.objectContaining({
        podcast: show?.url,
        episode: ep?.media_url,
        guid: ep?.episode_id,
        action: 'PLAY',
        position: 77,
      }),
    ]);
    expect(Object.keys(res.body.actions[0]).sort()).toEqual([
      'action',
      'episode',
      'guid',
      'podcast',
      'position',
      'started',
      'timestamp',
      'total',
    ]);
  });

  it("takes the app's README upload: upper-case kinds and -1 for what is unknown", async () => {
    const u = await suite.f.user('nc-readme');
    const res = await antennaPod(u).post(`${NC}/episode_action/create`, [
      {
        podcast: 'http://example.com/feed.rss',
        episode: 'http://example.com/files/s01e20.mp3',
        guid: 's01e20-example-org',
        action: 'PLAY',
        timestamp: '2009-12-12T09:00:00',
        started: 15,
        position: 120,
        total: 500,
      },
      {
        podcast: 'http://example.org/podcast.php',
        episode: 'http://ftp.example.org/foo.ogg',
        guid: 'foo-bar-123',
        action: 'DOWNLOAD',
        timestamp: '2009-12-12T09:05:21',
        started: -1,
        position: -1,
        total: -1,
      },
    ]);
    expect(res.status).toBe(200);
    const v2 = await suite.as(u).get(`/api/2/episodes/${u.username}.json`);
    expect(v2.body.actions).toEqual([
      expect.objectContaining({ action: 'play', started: 15, position: 120, total: 500 }),
      {
        podcast: 'http://example.org/podcast.php',
        episode: 'http://ftp.example.org/foo.ogg',
        guid: 'foo-bar-123',
        action: 'download',
        timestamp: '2009-12-12T09:05:21',
      },
    ]);
    const bad = await antennaPod(u).post(`${NC}/episode_action/create`, [
      { podcast: 'http://example.com/feed.rss', action: 'play', timestamp: '2009-12-12T09:00:00' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^body\.0\.episode: /);
  });

  it('needs an app password over Basic, and answers 401 with the challenge otherwise', async () => {
    const u = await suite.f.user('nc-auth');
    for (const path of [`${NC}/subscriptions`, `${NC}/episode_action`]) {
      const none = await request(suite.f.t.app).get(path);
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Basic realm=/);
      const wrong = await request(suite.f.t.app)
        .get(path)
        .auth(u.username, 'aaaa-bbbb-cccc-dddd-eeee-ffff');
      expect(wrong.status).toBe(401);
      const web = await request(suite.f.t.app).get(path).set('cookie', u.cookie);
      expect(web.status).toBe(401);
    }
  });
});

describe('Kasts in Nextcloud mode', () => {
  it('logs in with a pull, and with since = timestamp + 1 gets what another app sent', async () => {
    const u = await suite.f.user('kasts-nc');
    const kasts = antennaPod(u);
    // Sync::login: a subscription pull with since=0 is the login check.
    const login = await kasts.get(`${NC}/subscriptions?since=0`);
    expect(login.status).toBe(200);
    // GPodder::uploadEpisodeActions: device and guid always, the time without its "Z".
    const own = await kasts.post(`${NC}/episode_action/create`, [
      {
        podcast: 'https://k.example/feed',
        episode: 'https://k.example/1.mp3',
        guid: 'k-1',
        device: 'kasts-desktop',
        action: 'play',
        timestamp: '2026-11-25T11:00:00',
        started: 0,
        position: 40,
        total: 900,
      },
    ]);
    const kastsSince = own.body.timestamp + 1;
    const phone = await suite.as(u).post(`/api/2/episodes/${u.username}.json`, [
      {
        podcast: 'https://k.example/feed',
        episode: 'https://k.example/2.mp3',
        device: 'phone',
        action: 'play',
        position: 10,
        timestamp: '2026-11-25T11:01:00',
      },
    ]);
    expect(phone.status).toBe(200);
    const pulled = await kasts.get(`${NC}/episode_action?since=${kastsSince}`);
    expect(pulled.body.actions.map((a: { episode: string }) => a.episode)).toEqual([
      'https://k.example/2.mp3',
    ]);
    // The device Kasts named is one of the user's devices for the gPodder API.
    const devices = await suite.as(u).get(`/api/2/devices/${u.username}.json`);
    expect(devices.body.map((d: { id: string }) => d.id).sort()).toEqual([
      'kasts-desktop',
      'phone',
    ]);
  });
});

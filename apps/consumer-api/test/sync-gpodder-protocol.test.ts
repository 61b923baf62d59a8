import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { type SyncUser, useSyncFixture } from './support/sync-fixture.js';

// Replays of what podcast apps send (AntennaPod, gPodder, Kasts): the
// paths, bodies and sequences of the gPodder API v2.

const suite = useSyncFixture('gpodder');

async function library(u: SyncUser): Promise<string[]> {
  const res = await suite.as(u).web('get', '/api/app/library');
  return res.body.items.map((item: { feed_id: string }) => item.feed_id);
}

describe('a first sync and incremental syncs of one device', () => {
  it('subscribes, reports sanitised URLs, maps corpus suite.shows to the library and keeps the rest', async () => {
    const u = await suite.f.user('first-sync');
    const api = suite.as(u);
    const [show] = suite.shows;
    const device = await api.post(`/api/2/devices/${u.username}/antennapod_1.json`, {
      caption: 'AntennaPod on a phone',
      type: 'mobile',
    });
    expect(device.status).toBe(200);
    expect(device.text).toBe('');

    const first = await api.get(`/api/2/subscriptions/${u.username}/antennapod_1.json?since=0`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ add: [], remove: [], timestamp: expect.any(Number) });

    const sentShow = ` ${show?.url.replace('https://', 'HTTPS://')}#top`;
    const upload = await api.post(`/api/2/subscriptions/${u.username}/antennapod_1.json`, {
      add: [
        sentShow,
        'https://unknown.example.org/feed.xml',
        'itpc://pod.example.net/rss',
        'ftp://x.example/f',
      ],
      remove: [],
    });
    expect(upload.status).toBe(200);
    expect(upload.body.timestamp).toBeGreaterThan(first.body.timestamp);
    expect(upload.body.update_urls).toEqual([
      [sentShow, show?.url],
      ['itpc://pod.example.net/rss', 'http://pod.example.net/rss'],
      ['ftp://x.example/f', ''],
    ]);
    // The corpus show is in the web app's library now.
    expect(await library(u)).toEqual([show?.feedId]);

    const all = await api.get(`/api/2/subscriptions/${u.username}/antennapod_1.json?since=0`);
    expect(all.body.add.sort()).toEqual(
      [show?.url, 'https://unknown.example.org/feed.xml', 'http://pod.example.net/rss'].sort(),
    );
    expect(all.body.remove).toEqual([]);
    expect(all.body.timestamp).toBe(upload.body.timestamp);

    // Nothing changed since: an incremental sync is empty and keeps the timestamp.
    const again = await api.get(
      `/api/2/subscriptions/${u.username}/antennapod_1.json?since=${all.body.timestamp}`,
    );
    expect(again.body).toEqual({ add: [], remove: [], timestamp: all.body.timestamp });

    // A removal is reported after `since`, and the show leaves the library.
    const removed = await api.post(`/api/2/subscriptions/${u.username}/antennapod_1.json`, {
      add: [],
      remove: [show?.url, 'https://unknown.example.org/feed.xml'],
    });
    expect(removed.body.update_urls).toEqual([]);
    const delta = await api.get(
      `/api/2/subscriptions/${u.username}/antennapod_1.json?since=${again.body.timestamp}`,
    );
    expect(delta.body.add).toEqual([]);
    expect(delta.body.remove.sort()).toEqual(
      [show?.url, 'https://unknown.example.org/feed.xml'].sort(),
    );
    expect(await library(u)).toEqual([]);

    const devices = await api.get(`/api/2/devices/${u.username}.json`);
    expect(devices.body).toEqual([
      { id: 'antennapod_1', caption: 'AntennaPod on a phone', type: 'mobile', subscriptions: 1 },
    ]);
  });

  it('suite.shows web-app subscriptions in the sync feed and web-app removals as removals', async () => {
    const u = await suite.f.user('web-first');
    const api = suite.as(u);
    const [a, b] = suite.shows;
    const start = await api.get(`/api/2/subscriptions/${u.username}/kasts.json`);
    expect(start.body.add).toEqual([]);
    expect((await suite.as(u).web('post', `/api/app/library/${a?.feedId}`)).status).toBe(201);
    expect((await suite.as(u).web('post', `/api/app/library/${b?.feedId}`)).status).toBe(201);
    const added = await api.get(
      `/api/2/subscriptions/${u.username}/kasts.json?since=${start.body.timestamp}`,
    );
    expect(added.body.add.sort()).toEqual([a?.url, b?.url].sort());
    expect(added.body.timestamp).toBeGreaterThan(start.body.timestamp);
    expect((await suite.as(u).web('delete', `/api/app/library/${a?.feedId}`)).status).toBe(204);
    const removed = await api.get(
      `/api/2/subscriptions/${u.username}/kasts.json?since=${added.body.timestamp}`,
    );
    expect(removed.body).toEqual({ add: [], remove: [a?.url], timestamp: expect.any(Number) });
  });

  it("tells a web-app removal under the app's own spelling of the show, whenever it was sent", async () => {
    const u = await suite.f.user('spelling');
    const api = suite.as(u);
    const [show] = suite.shows;
    const spelled = (show?.url ?? '').replace('https://', 'http://');
    const sent = await api.post(`/api/2/subscriptions/${u.username}/d1.json`, { add: [spelled] });
    expect(sent.body.update_urls).toEqual([]);
    expect(await library(u)).toEqual([show?.feedId]);
    const later = await api.post(`/api/2/subscriptions/${u.username}/d1.json`, {
      add: ['https://other.example/feed'],
    });
    expect((await suite.as(u).web('delete', `/api/app/library/${show?.feedId}`)).status).toBe(204);
    const delta = await api.get(
      `/api/2/subscriptions/${u.username}/d1.json?since=${later.body.timestamp}`,
    );
    expect(delta.body).toEqual({ add: [], remove: [spelled], timestamp: expect.any(Number) });
  });

  it('refuses a feed both added and removed, naming it, and changes nothing', async () => {
    const u = await suite.f.user('both-ways');
    const res = await suite.as(u).post(`/api/2/subscriptions/${u.username}/d1.json`, {
      add: ['https://a.example/feed'],
      remove: [' https://a.example/feed'],
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^body\.remove/);
    const all = await suite.as(u).get(`/api/2/subscriptions/${u.username}/d1.json`);
    expect(all.body.add).toEqual([]);
  });
});

describe('two devices converging', () => {
  it('passes a subscription and its removal from one device to the other', async () => {
    const u = await suite.f.user('two-devices');
    const api = suite.as(u);
    const phone = await api.get(`/api/2/subscriptions/${u.username}/phone.json?since=0`);
    const laptop = await api.get(`/api/2/subscriptions/${u.username}/laptop.json?since=0`);
    const up = await api.post(`/api/2/subscriptions/${u.username}/phone.json`, {
      add: ['https://shared.example/feed.rss'],
    });
    expect(up.status).toBe(200);
    const seen = await api.get(
      `/api/2/subscriptions/${u.username}/laptop.json?since=${laptop.body.timestamp}`,
    );
    expect(seen.body.add).toEqual(['https://shared.example/feed.rss']);
    await api.post(`/api/2/subscriptions/${u.username}/laptop.json`, {
      remove: ['https://shared.example/feed.rss'],
    });
    const back = await api.get(
      `/api/2/subscriptions/${u.username}/phone.json?since=${up.body.timestamp}`,
    );
    expect(back.body).toEqual({
      add: [],
      remove: ['https://shared.example/feed.rss'],
      timestamp: expect.any(Number),
    });
    expect(phone.body.timestamp).toBeLessThanOrEqual(laptop.body.timestamp);
    const status = await api.get(`/api/2/sync-devices/${u.username}.json`);
    expect(status.body).toEqual({ synchronized: [['phone', 'laptop']], 'not-synchronized': [] });
    const posted = await api.post(`/api/2/sync-devices/${u.username}.json`, {
      synchronize: [['phone', 'laptop']],
      'stop-synchronize': [],
    });
    expect(posted.body).toEqual(status.body);
  });

  it('passes play positions between devices, newest first and aggregated on request', async () => {
    const u = await suite.f.user('two-players');
    const api = suite.as(u);
    const [show] = suite.shows;
    const ep = show?.episode;
    const start = await api.get(`/api/2/episodes/${u.username}.json?since=0`);
    expect(start.body).toEqual({ actions: [], timestamp: expect.any(Number) });
    const base = {
      podcast: show?.url,
      episode: ep?.media_url,
      guid: ep?.episode_id,
      action: 'play',
      started: 0,
      total: ep?.duration_seconds,
    };
    const fromPhone = await api.post(`/api/2/episodes/${u.username}.json`, [
      { ...base, device: 'phone', position: 100, timestamp: '2026-11-20T08:00:00' },
      {
        ...base,
        device: 'phone',
        action: 'download',
        started: undefined,
        total: undefined,
        timestamp: '2026-11-20T07:00:00',
      },
    ]);
    expect(fromPhone.status).toBe(200);
    expect(fromPhone.body).toEqual({ timestamp: expect.any(Number), update_urls: [] });
    const fromLaptop = await api.post(`/api/2/episodes/${u.username}.json`, [
      { ...base, device: 'laptop', position: 250, timestamp: '2026-11-20T09:00:00Z' },
    ]);
    const onPhone = await api.get(
      `/api/2/episodes/${u.username}.json?since=${fromPhone.body.timestamp}`,
    );
    expect(onPhone.body.actions).toEqual([
      {
        podcast: show?.url,
        episode: ep?.media_url,
        guid: ep?.episode_id,
        device: 'laptop',
        action: 'play',
        timestamp: '2026-11-20T09:00:00',
        started: 0,
        position: 250,
        total: ep?.duration_seconds,
      },
    ]);
    expect(onPhone.body.timestamp).toBe(fromLaptop.body.timestamp);
    const everything = await api.get(`/api/2/episodes/${u.username}.json`);
    expect(everything.body.actions.map((a: { action: string }) => a.action)).toEqual([
      'download',
      'play',
      'play',
    ]);
    const aggregated = await api.get(`/api/2/episodes/${u.username}.json?aggregated=true`);
    expect(aggregated.body.actions).toHaveLength(1);
    expect(aggregated.body.actions[0].position).toBe(250);
    const phoneOnly = await api.get(`/api/2/episodes/${u.username}.json?device=phone`);
    expect(phoneOnly.body.actions).toHaveLength(2);
    const otherShow = await api.get(
      `/api/2/episodes/${u.username}.json?podcast=${encodeURIComponent('https://none.example/x')}`,
    );
    expect(otherShow.body.actions).toEqual([]);
    // The web app suite.shows the newest position.
    const position = await suite.as(u).web('get', `/api/app/playback/${ep?.slug}`);
    expect(position.body.position_seconds).toBe(250);
  });
});

describe('episode actions and the playback position', () => {
  it('matches by GUID, else by enclosure URL, and keeps actions on unknown episodes', async () => {
    const u = await suite.f.user('matching');
    const api = suite.as(u);
    const [a, b] = suite.shows;
    const now = new Date().toISOString().slice(0, 19);
    const res = await api.post(`/api/2/episodes/${u.username}.json`, [
      {
        podcast: a?.url,
        episode: 'https://cdn.example/renamed.mp3',
        guid: a?.episode.episode_id,
        action: 'play',
        position: 42,
        started: 0,
        total: 600,
        timestamp: now,
      },
      {
        podcast: b?.url,
        episode: `${b?.episode.media_url} `,
        action: 'play',
        position: 77,
        timestamp: now,
      },
      {
        podcast: 'https://elsewhere.example/feed',
        episode: 'https://elsewhere.example/1.mp3',
        action: 'play',
        position: 9,
        timestamp: now,
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.update_urls).toEqual([[`${b?.episode.media_url} `, b?.episode.media_url]]);
    expect(
      (await suite.as(u).web('get', `/api/app/playback/${a?.episode.slug}`)).body.position_seconds,
    ).toBe(42);
    expect(
      (await suite.as(u).web('get', `/api/app/playback/${b?.episode.slug}`)).body.position_seconds,
    ).toBe(77);
    const back = await api.get(
      `/api/2/episodes/${u.username}.json?podcast=${encodeURIComponent('https://elsewhere.example/feed')}`,
    );
    expect(back.body.actions).toEqual([
      expect.objectContaining({ episode: 'https://elsewhere.example/1.mp3', position: 9 }),
    ]);
  });

  it('keeps actions dated at the ends of the calendar, and a podcast filter that names nothing matches nothing', async () => {
    const u = await suite.f.user('calendar');
    const api = suite.as(u);
    const [show] = suite.shows;
    await suite
      .as(u)
      .web('put', `/api/app/playback/${show?.episode.slug}`)
      .send({ position_seconds: 12 });
    const res = await api.post(`/api/2/episodes/${u.username}.json`, [
      {
        podcast: 'https://old.example/f',
        episode: 'https://old.example/1.mp3',
        action: 'download',
        timestamp: '0001-01-01T00:00:00',
      },
      {
        podcast: 'https://old.example/f',
        episode: 'https://old.example/2.mp3',
        action: 'delete',
        timestamp: '9999-12-31T23:59:59',
      },
      {
        podcast: show?.url,
        episode: show?.episode.media_url,
        action: 'play',
        position: 30,
        timestamp: '9999-12-31T23:59:59',
      },
    ]);
    expect(res.status).toBe(200);
    const back = await api.get(
      `/api/2/episodes/${u.username}.json?podcast=${encodeURIComponent('https://old.example/f')}`,
    );
    expect(back.body.actions.map((a: { timestamp: string }) => a.timestamp)).toEqual([
      '0001-01-01T00:00:00',
      '9999-12-31T23:59:59',
    ]);
    // A far-future play is clamped like a web-app client_ts: it still wins, but is dated now.
    const position = await suite.as(u).web('get', `/api/app/playback/${show?.episode.slug}`);
    expect(position.body.position_seconds).toBe(30);
    expect(Date.parse(position.body.updated_at)).toBeLessThan(Date.now() + 6 * 60_000);
    const nothing = await api.get(`/api/2/episodes/${u.username}.json?podcast=ftp%3A%2F%2Fx`);
    expect(nothing.body.actions).toEqual([]);
  });

  it('marks an episode finished when a play reaches its end, and a new action resets it', async () => {
    const u = await suite.f.user('finished');
    const api = suite.as(u);
    const [show] = suite.shows;
    const ep = show?.episode;
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 - 60_000 + ms).toISOString().slice(0, 19);
    await api.post(`/api/2/episodes/${u.username}.json`, [
      {
        podcast: show?.url,
        episode: ep?.media_url,
        action: 'play',
        started: 0,
        position: 598,
        total: 600,
        timestamp: at(0),
      },
    ]);
    const done = await suite.as(u).web('get', `/api/app/playback/${ep?.slug}`);
    expect(done.body).toEqual(expect.objectContaining({ position_seconds: 598, finished: true }));
    await api.post(`/api/2/episodes/${u.username}.json`, [
      { podcast: show?.url, episode: ep?.media_url, action: 'new', timestamp: at(5000) },
    ]);
    const reset = await suite.as(u).web('get', `/api/app/playback/${ep?.slug}`);
    expect(reset.body.position_seconds).toBe(0);
    expect(reset.body.finished).toBeUndefined();
  });

  it('lets the newer of a web-app write and a synced action win, either way round', async () => {
    const u = await suite.f.user('conflict');
    const api = suite.as(u);
    const [show] = suite.shows;
    const ep = show?.episode;
    const now = Math.floor(Date.now() / 1000);
    const web = await suite
      .as(u)
      .web('put', `/api/app/playback/${ep?.slug}`)
      .send({ position_seconds: 300, client_ts: now - 60 });
    expect(web.status).toBe(200);
    const action = (position: number, secondsAgo: number) => ({
      podcast: show?.url,
      episode: ep?.media_url,
      guid: ep?.episode_id,
      device: 'phone',
      action: 'play',
      position,
      timestamp: new Date((now - secondsAgo) * 1000).toISOString().slice(0, 19),
    });
    // Older than the web app's write: stored, but the position stays.
    await api.post(`/api/2/episodes/${u.username}.json`, [action(120, 120)]);
    expect(
      (await suite.as(u).web('get', `/api/app/playback/${ep?.slug}`)).body.position_seconds,
    ).toBe(300);
    // The web app's position reaches the podcast apps as a play action.
    const seen = await api.get(`/api/2/episodes/${u.username}.json?aggregated=true`);
    expect(seen.body.actions).toEqual([
      expect.objectContaining({
        action: 'play',
        position: 300,
        episode: ep?.media_url,
        podcast: show?.url,
      }),
    ]);
    expect(seen.body.actions[0].device).toBeUndefined();
    // Newer than it: the synced action wins.
    await api.post(`/api/2/episodes/${u.username}.json`, [action(420, 10)]);
    expect(
      (await suite.as(u).web('get', `/api/app/playback/${ep?.slug}`)).body.position_seconds,
    ).toBe(420);
    // And a web-app write older still than that changes nothing.
    const stale = await suite
      .as(u)
      .web('put', `/api/app/playback/${ep?.slug}`)
      .send({ position_seconds: 1, client_ts: now - 30 });
    expect(stale.body.position_seconds).toBe(420);
  });

  it('takes 1,000 actions in one request, and a retried upload changes nothing', async () => {
    const u = await suite.f.user('big-batch');
    const api = suite.as(u);
    const batch = Array.from({ length: 1000 }, (_, i) => ({
      podcast: `https://feeds.example/${i % 10}.xml`,
      episode: `https://media.example/${i}.mp3`,
      device: 'phone',
      action: i % 3 === 0 ? 'download' : 'play',
      ...(i % 3 === 0 ? {} : { started: 0, position: i, total: 2000 }),
      timestamp: '2026-11-25T10:00:00',
    }));
    const first = await api.post(`/api/2/episodes/${u.username}.json`, batch);
    expect(first.status).toBe(200);
    const retried = await Promise.all([
      api.post(`/api/2/episodes/${u.username}.json`, batch),
      api.post(`/api/2/episodes/${u.username}.json`, { actions: batch }),
    ]);
    for (const res of retried) {
      expect(res.status).toBe(200);
      expect(res.body.timestamp).toBe(first.body.timestamp);
    }
    const all = await api.get(`/api/2/episodes/${u.username}.json`);
    expect(all.body.actions).toHaveLength(1000);
  });
});

describe('the simple API', () => {
  it('answers the list as OPML, JSON and text, and a PUT replaces it', async () => {
    const u = await suite.f.user('simple');
    const api = suite.as(u);
    const [show] = suite.shows;
    const missing = await api.get(`/subscriptions/${u.username}/gpodder.example.opml`);
    expect(missing.status).toBe(404);
    const put = await api.put(
      `/subscriptions/${u.username}/gpodder.example.txt`,
      `${show?.url}\nhttps://plain.example/rss\n\n`,
    );
    expect(put.status).toBe(200);
    expect(put.text).toBe('');
    const json = await api.get(`/subscriptions/${u.username}.json`);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(json.text).sort()).toEqual([show?.url, 'https://plain.example/rss'].sort());
    const txt = await api.get(`/subscriptions/${u.username}/gpodder.example.txt`);
    expect(txt.text.split('\n').filter(Boolean).sort()).toEqual(JSON.parse(json.text).sort());
    const opml = await api.get(`/subscriptions/${u.username}.opml`);
    expect(opml.headers['content-type']).toMatch(/^text\/x-opml/);
    expect(opml.text).toContain('xmlUrl="https://plain.example/rss"');
    expect(await library(u)).toEqual([show?.feedId]);
    // JSON sent as a form post, as Python's urllib labels it.
    const replaced = await api.put(
      `/subscriptions/${u.username}/gpodder.example.json`,
      JSON.stringify(['https://only.example/rss']),
      'application/x-www-form-urlencoded',
    );
    expect(replaced.status).toBe(200);
    const after = await api.get(`/subscriptions/${u.username}.json`);
    expect(JSON.parse(after.text)).toEqual(['https://only.example/rss']);
    expect(await library(u)).toEqual([]);
    const bad = await api.put(`/subscriptions/${u.username}/gpodder.example.opml`, '<opml><nope');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^body/);
  });
});

describe('the OpenAPI document', () => {
  it('lists every sync route with its parameters and the Basic scheme', async () => {
    const doc = (await request(suite.f.t.app).get('/openapi.json')).body;
    for (const [path, method] of [
      ['/api/app/sync/app-passwords', 'post'],
      ['/api/app/sync/app-passwords/{id}', 'delete'],
      ['/api/2/auth/{username}/login.json', 'post'],
      ['/api/2/devices/{username}.json', 'get'],
      ['/api/2/devices/{username}/{device}.json', 'post'],
      ['/api/2/subscriptions/{username}/{device}.json', 'post'],
      ['/api/2/episodes/{username}.json', 'get'],
      ['/api/2/sync-devices/{username}.json', 'post'],
      ['/subscriptions/{username}.{format}', 'get'],
      ['/subscriptions/{username}/{device}.{format}', 'put'],
      ['/index.php/apps/gpoddersync/subscriptions', 'get'],
      ['/index.php/apps/gpoddersync/subscription_change/create', 'post'],
      ['/index.php/apps/gpoddersync/episode_action', 'get'],
      ['/index.php/apps/gpoddersync/episode_action/create', 'post'],
      ['/index.php/login/v2', 'post'],
      ['/index.php/login/v2/poll', 'post'],
      ['/api/app/sync/login-flow/{token}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]).toBeDefined();
    }
    const file = doc.paths['/subscriptions/{username}/{device}.{format}'].get;
    expect(file.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'device',
      'format',
      'username',
    ]);
    expect(file.security).toEqual([{ appPassword: [] }]);
    expect(doc.components.securitySchemes.appPassword).toEqual({ type: 'http', scheme: 'basic' });
  });
});

import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { useSyncFixture } from './support/sync-fixture.js';

// What real podcast apps did to the sync data when driven against the
// server: each case replays their requests and checks that every device ends
// up with what the others did.

const suite = useSyncFixture('gpodder-trust');

const PLAY = {
  podcast: 'https://queue.example/feed.xml',
  episode: 'https://queue.example/1.mp3',
  action: 'play',
  timestamp: '2026-11-25T10:00:00',
};

describe('an upload queue that a stricter server would block for ever', () => {
  it('takes a null guid, device or timestamp as absent and rounds fractional seconds', async () => {
    const u = await suite.f.user('lenient');
    const api = suite.as(u);
    const res = await api.post(`/api/2/episodes/${u.username}.json`, [
      { ...PLAY, guid: null, device: null, started: 0.4, position: 12.6, total: 600.5 },
      { ...PLAY, episode: 'https://queue.example/2.mp3', guid: '', device: '', timestamp: null },
    ]);
    expect(res.status).toBe(200);
    const back = await api.get(`/api/2/episodes/${u.username}.json`);
    const [first, second] = back.body.actions.sort(
      (a: { episode: string }, b: { episode: string }) => (a.episode < b.episode ? -1 : 1),
    );
    expect(first).toEqual({ ...PLAY, started: 0, position: 13, total: 601 });
    expect(second).toEqual({
      ...PLAY,
      episode: 'https://queue.example/2.mp3',
      timestamp: expect.any(String),
    });
    // The retried queue is the same upload: nothing new is stored.
    const retried = await api.post(`/api/2/episodes/${u.username}.json`, [
      { ...PLAY, guid: null, device: null, started: 0.4, position: 12.6, total: 600.5 },
    ]);
    expect(retried.body.timestamp).toBe(res.body.timestamp);
  });

  it.each([
    [[PLAY, PLAY, PLAY, { ...PLAY, action: 'skip' }], /^body\.3\.action: /],
    [{ actions: [PLAY, { ...PLAY, position: 'ten' }] }, /^body\.1\.position: /],
    [[{ ...PLAY, timestamp: '2026-02-30T10:00:00' }], /^body\.0\.timestamp: /],
  ])('names the index and field of the action it refuses (%#)', async (body, detail) => {
    const u = await suite.f.user(`strict-${Math.random().toString(36).slice(2, 8)}`);
    const res = await suite.as(u).post(`/api/2/episodes/${u.username}.json`, body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });
});

describe('an action matched by GUID under another enclosure URL', () => {
  it('is answered once, without a device-less play of the web app echoing it', async () => {
    const u = await suite.f.user('guid-echo');
    const api = suite.as(u);
    const [show] = suite.shows;
    const at = new Date(Date.now() - 60_000).toISOString().slice(0, 19);
    const res = await api.post(`/api/2/episodes/${u.username}.json`, [
      {
        podcast: show?.url,
        episode: 'https://cdn.example/renamed.mp3',
        guid: show?.episode.episode_id,
        device: 'phone',
        action: 'play',
        started: 0,
        position: 42,
        total: 600,
        timestamp: at,
      },
    ]);
    expect(res.status).toBe(200);
    const position = await request(suite.f.t.app)
      .get(`/api/app/playback/${show?.episode.slug}`)
      .set('cookie', u.cookie);
    expect(position.body.position_seconds).toBe(42);
    const back = await api.get(`/api/2/episodes/${u.username}.json`);
    expect(back.body.actions).toEqual([
      expect.objectContaining({ episode: 'https://cdn.example/renamed.mp3', device: 'phone' }),
    ]);
  });
});

describe('a removal spelled otherwise than the add', () => {
  it('reaches the other devices under the URL they were given', async () => {
    const u = await suite.f.user('spellings');
    const api = suite.as(u);
    const sub = (device: string, since: number) =>
      api.get(`/api/2/subscriptions/${u.username}/${device}.json?since=${since}`);
    const start = await sub('laptop', 0);
    const added = await api.post(`/api/2/subscriptions/${u.username}/phone.json`, {
      add: ['feed://x.example/podcast.rss'],
    });
    expect(added.body.update_urls).toEqual([
      ['feed://x.example/podcast.rss', 'http://x.example/podcast.rss'],
    ]);
    const given = await sub('laptop', start.body.timestamp);
    expect(given.body.add).toEqual(['http://x.example/podcast.rss']);
    const removed = await api.post(`/api/2/subscriptions/${u.username}/tablet.json`, {
      remove: ['https://x.example/podcast.rss'],
    });
    expect(removed.status).toBe(200);
    const heard = await sub('laptop', given.body.timestamp);
    expect(heard.body.add).toEqual([]);
    expect(heard.body.remove).toContain('http://x.example/podcast.rss');
    // A device syncing from scratch is not given the feed at all.
    expect((await sub('new-phone', 0)).body.add).toEqual([]);
  });

  it('does the same for a corpus show, which leaves the library', async () => {
    const u = await suite.f.user('show-spellings');
    const api = suite.as(u);
    const [show] = suite.shows;
    const url = show?.url ?? '';
    const other = url.startsWith('https:')
      ? url.replace('https:', 'http:')
      : url.replace('http:', 'https:');
    await api.post(`/api/2/subscriptions/${u.username}/phone.json`, { add: [other] });
    const given = await api.get(`/api/2/subscriptions/${u.username}/laptop.json?since=0`);
    expect(given.body.add).toEqual([other]);
    await api.post(`/api/2/subscriptions/${u.username}/tablet.json`, { remove: [url] });
    const heard = await api.get(
      `/api/2/subscriptions/${u.username}/laptop.json?since=${given.body.timestamp}`,
    );
    expect(heard.body.add).toEqual([]);
    expect(heard.body.remove).toEqual([other, url].sort());
    const library = await api.web('get', '/api/app/library');
    expect(library.body.items).toEqual([]);
  });

  it('keeps a feed whose spelling one change switches, under the new spelling', async () => {
    const u = await suite.f.user('switch');
    const api = suite.as(u);
    await api.post(`/api/2/subscriptions/${u.username}/phone.json`, {
      add: ['http://y.example/rss'],
    });
    const before = await api.get(`/api/2/subscriptions/${u.username}/laptop.json?since=0`);
    await api.post(`/api/2/subscriptions/${u.username}/phone.json`, {
      add: ['https://y.example/rss'],
      remove: ['http://y.example/rss'],
    });
    const after = await api.get(
      `/api/2/subscriptions/${u.username}/laptop.json?since=${before.body.timestamp}`,
    );
    expect(after.body.add).toEqual(['https://y.example/rss']);
    expect(after.body.remove).toEqual([]);
  });
});

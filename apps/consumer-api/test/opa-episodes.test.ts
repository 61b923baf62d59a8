import { describe, expect, it } from '@jest/globals';
import { opaClient, useOpaFixture } from './support/opa-fixture.js';
import { type SyncUser, syncClient } from './support/sync-fixture.js';

// The episodes draft (api-specs episodes-endpoint, src/content/docs/specs/
// episodes/*.mdx): each data field with its own time, over the positions and
// favorites of the web app and the gPodder API's actions.

const suite = useOpaFixture('opa-episodes');
const opa = (u: SyncUser) => opaClient(suite.f.t.app, u.basic);
const PODCAST_FEED = 'https://podcasts.example2.net/@digitalcitizen/feed.xml';
const PODCAST_GUID = '9d6786c9-ed48-470d-acbe-e593547f4b5b';

/** get-all.mdx, "Example 200 response": its second episode, as a client would first send it. */
const WEATHERMAN = {
  podcast_guid: PODCAST_GUID,
  temporary_id: 'local-49',
  episode_guid: '01999e25-08cd-4f29-a61e-6ca459b40d27',
  title: 'Walk with the weatherman',
  publish_date: '2022-04-27T19:35:20.000Z',
  enclosure_url:
    'https://op3.dev/e/https://podcasts.example2.net/audio/@digitalcitizen/49-walk-with-the-weatherman.mp3',
  episode_url: 'https://podcasts.example2.net/@digitalcitizen/episodes/49-walk-with-the-weatherman',
  playback_position: { value: 2100, timestamp: '2024-11-01T17:38' },
  played_status: { value: false, timestamp: '2024-04-28T09:20' },
  new_status: { value: false, timestamp: '2024-11-01T17:02' },
  download_status: { value: true, timestamp: '2024-11-01T17:02' },
  favorite_status: { value: false, timestamp: '2024-04-28T09:20' },
};

async function followPodcast(u: SyncUser) {
  const res = await opa(u).post('/v1/subscriptions', {
    subscriptions: [{ feed_url: PODCAST_FEED, guid: PODCAST_GUID }],
  });
  expect(res.status).toBe(200);
}

const recent = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

describe('POST and GET /v1/episodes outside the corpus', () => {
  it('records the example episode, answers it with its sync id, lists it as get-all.mdx shows', async () => {
    const u = await suite.f.user('ep-example');
    await followPodcast(u);
    const res = await opa(u).post('/v1/episodes', [WEATHERMAN]);
    expect(res.status).toBe(200);
    expect(res.body.failure).toEqual([]);
    const [saved] = res.body.success;
    expect(saved).toEqual({
      podcast_guid: PODCAST_GUID,
      sync_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      temporary_id: 'local-49',
      episode_guid: WEATHERMAN.episode_guid,
      title: WEATHERMAN.title,
      publish_date: '2022-04-27T19:35:20.000Z',
      enclosure_url: WEATHERMAN.enclosure_url,
      episode_url: WEATHERMAN.episode_url,
      playback_position: { value: 2100, timestamp: '2024-11-01T17:38:00.000Z' },
      played_status: { value: false, timestamp: '2024-04-28T09:20:00.000Z' },
      new_status: { value: false, timestamp: '2024-11-01T17:02:00.000Z' },
      download_status: { value: true, timestamp: '2024-11-01T17:02:00.000Z' },
      favorite_status: { value: false, timestamp: '2024-04-28T09:20:00.000Z' },
    });
    // get-all.mdx, "Example request".
    const list = await opa(u).get(
      '/v1/episodes?since=2024-04-23T18%3A25%3A34.511Z&page=1&per_page=5',
    );
    expect(list.status).toBe(200);
    const { temporary_id: _local, ...listed } = saved;
    expect(list.body).toEqual({ total: 1, page: 1, per_page: 5, episodes: [listed] });
    // The gPodder API hears the play and the download, under the podcast's feed URL.
    const actions = await syncClient(suite.f.t.app, u).get(`/api/2/episodes/${u.username}.json`);
    expect(actions.body.actions).toEqual([
      expect.objectContaining({
        action: 'download',
        podcast: PODCAST_FEED,
        timestamp: '2024-11-01T17:02:00',
      }),
      expect.objectContaining({ action: 'play', position: 2100, guid: WEATHERMAN.episode_guid }),
    ]);
  });

  it('takes each field only when its time is newer, and names an episode by sync id', async () => {
    const u = await suite.f.user('ep-lww');
    await followPodcast(u);
    const first = await opa(u).post('/v1/episodes', { episodes: [WEATHERMAN] });
    const syncId = first.body.success[0].sync_id;
    const res = await opa(u).post('/v1/episodes', [
      {
        podcast_guid: PODCAST_GUID,
        sync_id: syncId,
        playback_position: { value: 10, timestamp: '2024-11-01T17:38' },
        played_status: { value: true, timestamp: '2024-11-02T13:19:00.5Z' },
      },
    ]);
    expect(res.body.success[0]).toMatchObject({
      sync_id: syncId,
      playback_position: { value: 2100, timestamp: '2024-11-01T17:38:00.000Z' },
      played_status: { value: true, timestamp: '2024-11-02T13:19:00.500Z' },
    });
    // The waterfall: the same RSS guid under the same podcast is the same episode.
    const again = await opa(u).post('/v1/episodes', [
      { podcast_guid: PODCAST_GUID, episode_guid: WEATHERMAN.episode_guid, title: 'Renamed' },
    ]);
    expect(again.body.success[0]).toMatchObject({ sync_id: syncId, title: WEATHERMAN.title });
    expect((await opa(u).get('/v1/episodes')).body.total).toBe(1);
  });

  it('makes one record of an episode two uploads name at once', async () => {
    const u = await suite.f.user('ep-race');
    const item = { podcast_guid: PODCAST_GUID, enclosure_url: 'https://x.example/1.mp3' };
    const [a, b] = await Promise.all([
      opa(u).post('/v1/episodes', [{ ...item, new_status: { value: true, timestamp: recent(2) } }]),
      opa(u).post('/v1/episodes', [
        { ...item, download_status: { value: true, timestamp: recent(1) } },
      ]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.success[0].sync_id).toBe(b.body.success[0].sync_id);
    const list = await opa(u).get('/v1/episodes');
    expect(list.body.total).toBe(1);
    expect(list.body.episodes[0]).toMatchObject({
      new_status: { value: true },
      download_status: { value: true },
    });
  });

  it("forgets a podcast's episodes when its subscription is deleted", async () => {
    const u = await suite.f.user('ep-delete');
    await followPodcast(u);
    await opa(u).post('/v1/episodes', [WEATHERMAN]);
    const res = await opa(u).delete(`/v1/subscriptions/${PODCAST_GUID}`);
    expect(res.status).toBe(202);
    expect((await opa(u).get('/v1/episodes')).body).toMatchObject({ total: 0, episodes: [] });
    const actions = await syncClient(suite.f.t.app, u).get(`/api/2/episodes/${u.username}.json`);
    expect(actions.body.actions).toEqual([]);
  });

  it('answers failures for an unknown sync id and an episode named by nothing', async () => {
    const u = await suite.f.user('ep-failures');
    const res = await opa(u).post('/v1/episodes', [
      { podcast_guid: PODCAST_GUID, sync_id: 'cff3ea32-4215-4f98-bc23-5358d1f35b55' },
      { podcast_guid: PODCAST_GUID, temporary_id: 't-2' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: [],
      failure: [
        {
          podcast_guid: PODCAST_GUID,
          sync_id: 'cff3ea32-4215-4f98-bc23-5358d1f35b55',
          message: 'sync_id: no episode cff3ea32-4215-4f98-bc23-5358d1f35b55',
        },
        {
          podcast_guid: PODCAST_GUID,
          temporary_id: 't-2',
          message: 'send sync_id, or episode_guid, enclosure_url or title',
        },
      ],
    });
  });

  it.each([
    [
      'a negative position',
      [{ ...WEATHERMAN, playback_position: { value: -1, timestamp: '2024-11-01T17:38' } }],
      'body.0.playback_position.value',
    ],
    [
      'a value without its time',
      [{ ...WEATHERMAN, played_status: { value: true } }],
      'body.0.played_status.timestamp',
    ],
    ['no podcast guid', [{ title: 'x' }], 'body.0.podcast_guid'],
    ['an empty list', [], 'body'],
    [
      'more than 1,000 episodes',
      Array.from({ length: 1001 }, () => ({ podcast_guid: 'p', title: 't' })),
      'body',
    ],
  ])('refuses %s with a 400 naming the field', async (_what, body, field) => {
    const u = await suite.f.user('ep-bad');
    const res = await opa(u).post('/v1/episodes', body);
    expect(res.status).toBe(400);
    expect(res.body.detail.startsWith(field)).toBe(true);
  });
});

describe('corpus episodes: one position and favorite with the web app', () => {
  it('moves the web app position and favorite, and shows what the web app did later', async () => {
    const u = await suite.f.user('ep-corpus');
    const [show] = suite.shows;
    const ep = show?.episode;
    const web = syncClient(suite.f.t.app, u);
    const res = await opa(u).post('/v1/episodes', [
      {
        podcast_guid: PODCAST_GUID,
        episode_guid: ep?.episode_id,
        playback_position: { value: 321, timestamp: recent(10) },
        favorite_status: { value: true, timestamp: recent(10) },
      },
    ]);
    expect(res.body.success[0]).toMatchObject({
      title: ep?.title,
      enclosure_url: ep?.media_url,
      playback_position: { value: 321 },
      favorite_status: { value: true },
    });
    const position = await web.web('get', `/api/app/playback/${ep?.slug}`);
    expect(position.body.position_seconds).toBe(321);
    const favorites = await web.web('get', '/api/app/favorites');
    expect(favorites.body.episodes.map((f: { ref: string }) => f.ref)).toEqual([ep?.slug]);
    await web
      .web('put', `/api/app/playback/${ep?.slug}`)
      .send({ position_seconds: 400, finished: true });
    await web.web('delete', `/api/app/favorites/episode/${ep?.slug}`);
    const list = await opa(u).get('/v1/episodes');
    expect(list.body.episodes).toHaveLength(1);
    expect(list.body.episodes[0]).toMatchObject({
      sync_id: res.body.success[0].sync_id,
      playback_position: { value: 400 },
      played_status: { value: true },
      favorite_status: { value: false },
    });
    // An older position from an app changes nothing.
    const stale = await opa(u).post('/v1/episodes', [
      {
        podcast_guid: PODCAST_GUID,
        sync_id: res.body.success[0].sync_id,
        playback_position: { value: 5, timestamp: recent(20) },
      },
    ]);
    expect(stale.body.success[0].playback_position.value).toBe(400);
    expect((await web.web('get', `/api/app/playback/${ep?.slug}`)).body.position_seconds).toBe(400);
  });

  it('lists an episode the web app played, under an id a client can write back to', async () => {
    const u = await suite.f.user('ep-web-first');
    const [, show] = suite.shows;
    const ep = show?.episode;
    const web = syncClient(suite.f.t.app, u);
    await web.web('put', `/api/app/playback/${ep?.slug}`).send({ position_seconds: 77 });
    const list = await opa(u).get('/v1/episodes');
    expect(list.body.episodes).toEqual([
      expect.objectContaining({
        episode_guid: ep?.episode_id,
        enclosure_url: ep?.media_url,
        playback_position: { value: 77, timestamp: expect.any(String) },
      }),
    ]);
    const { sync_id: syncId, podcast_guid: podcastGuid } = list.body.episodes[0];
    const res = await opa(u).post('/v1/episodes', [
      {
        podcast_guid: podcastGuid,
        sync_id: syncId,
        played_status: { value: true, timestamp: recent(0) },
      },
    ]);
    expect(res.body.failure).toEqual([]);
    expect(res.body.success[0]).toMatchObject({ sync_id: syncId, played_status: { value: true } });
    const position = await web.web('get', `/api/app/playback/${ep?.slug}`);
    expect(position.body).toMatchObject({ position_seconds: 77, finished: true });
    expect((await opa(u).get('/v1/episodes')).body.total).toBe(1);
  });
});

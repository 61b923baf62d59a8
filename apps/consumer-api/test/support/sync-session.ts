import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CorpusSnapshot, EpisodeRecord, FeedRecord } from '@podcast/corpus';
import { sql } from 'kysely';
import request from 'supertest';
import type { TestApp } from './build-test-app.js';
import { basicAuth } from './sync-fixture.js';

/*
 * One podcast-app user's whole session over the gPodder, Nextcloud, Open
 * Podcast API and OPML routes, as a list of answers: run on two apps over
 * the same corpus, the lists are equal when both read the corpus alike.
 */

/** Every metadata file of one show's folder. */
function metadataFilesOf(feedDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.name.endsWith('.metadata.json')) {
        files.push(full);
      }
    }
  };
  walk(feedDir);
  return files.sort();
}

function rewrite(file: string, change: (doc: Record<string, Record<string, unknown>>) => void) {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  change(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

/**
 * Gives a copy of the sample corpus the cases the sync lookups break ties
 * in: a show whose feed URL is another's in other spelling (the first show
 * in feed order owns it), a show without a feed URL, and an episode whose
 * enclosure URL is another's in other spelling (the first in catalog order
 * owns it).
 */
export function tieSyncNames(corpusDir: string): void {
  const [first, second, third, fourth] = readdirSync(path.join(corpusDir, 'feeds')).sort();
  const filesOf = (feed: string | undefined) =>
    metadataFilesOf(path.join(corpusDir, 'feeds', feed as string));
  const firstUrl = new URL(
    JSON.parse(readFileSync(filesOf(first)[0] as string, 'utf8')).feed.url as string,
  );
  for (const file of filesOf(third)) {
    rewrite(file, (doc) => {
      doc.feed = { ...doc.feed, url: `http://${firstUrl.host.toUpperCase()}${firstUrl.pathname}/` };
    });
  }
  for (const file of filesOf(second)) {
    rewrite(file, (doc) => {
      const { url: _url, ...feed } = doc.feed ?? {};
      doc.feed = feed;
    });
  }
  const [owner, other] = filesOf(fourth);
  const owned = JSON.parse(readFileSync(owner as string, 'utf8'));
  const media = owned.content.media_url as string;
  // The same day too, so the catalog order between the two is their relpaths'.
  rewrite(other as string, (doc) => {
    doc.content = { ...doc.content, media_url: `${media.replace(/^https:/, 'HTTP:')}#again` };
    doc.episode = { ...doc.episode, published_date: owned.episode.published_date };
  });
}

/** The local user's id in both apps: subscription sync ids are derived from it. */
const LOCAL_USER_ID = 'u_00000000000000000000beef';

/**
 * Makes the development user with a fixed id and a sync stamp far above
 * the clock, so each change takes the previous stamp plus one: two apps'
 * stamps, and the times made of them, then agree. Before the app's first request.
 */
export async function fixLocalUser(app: TestApp): Promise<void> {
  await sql`insert into users
      (id, name, provider, provider_subject, created_at, updated_at, sync_stamp, sync_answered)
    values (${LOCAL_USER_ID}, 'Local user', 'local', 'dev', now(), now(), 4000000000, 4000000000)`.execute(
    app.ctx.db,
  );
}

/** Another spelling of a URL with the same sync key: scheme and host case, a trailing slash, a fragment. */
function respell(url: string): string {
  const parsed = new URL(url);
  return `HTTP://${parsed.host.toUpperCase()}${parsed.pathname}/#sent`;
}

function answerOf(step: string, res: request.Response) {
  const { request_id: _requestId, ...body } = (res.body ?? {}) as Record<string, unknown>;
  return {
    step,
    status: res.status,
    body,
    ...(res.type.includes('json') ? {} : { text: res.text }),
  };
}

type Answer = ReturnType<typeof answerOf>;

/** The shows a sync app can name and, for each, an episode with a GUID and an enclosure URL. */
function namedEpisodes(snapshot: CorpusSnapshot): { feed: FeedRecord; episode: EpisodeRecord }[] {
  return snapshot.feeds.flatMap((feed) => {
    const episode = snapshot.episodes.find(
      (e) => e.feed_id === feed.feed_id && e.episode_id !== null && e.media_url !== null,
    );
    return episode === undefined ? [] : [{ feed, episode }];
  });
}

const AT = '2026-05-20T10:00:00';

/** The gPodder and Nextcloud half of the session. */
async function gpodderSession(
  app: TestApp,
  snapshot: CorpusSnapshot,
  auth: { username: string; basic: string },
  note: (step: string, res: request.Response) => void,
) {
  const { username: u, basic } = auth;
  const as = (r: request.Test) => r.set('authorization', basic).set('accept', 'application/json');
  const get = (p: string) => as(request(app.app).get(p));
  const post = (p: string, body: unknown) => as(request(app.app).post(p)).send(body as object);
  const named = namedEpisodes(snapshot);
  const feedUrls = snapshot.feeds.flatMap((feed) => (feed.url === null ? [] : [feed.url]));
  note(
    'device',
    await post(`/api/2/devices/${u}/phone.json`, { caption: 'phone', type: 'mobile' }),
  );
  note(
    'subscribe',
    await post(`/api/2/subscriptions/${u}/phone.json`, {
      add: [
        ...feedUrls.map(respell),
        'https://unknown.example.org/feed.xml',
        'itpc://pod.example/r',
      ],
      remove: [],
    }),
  );
  const first = await get(`/api/2/subscriptions/${u}/phone.json?since=0`);
  note('subscriptions', first);
  note('library', await request(app.app).get('/api/app/library'));
  const actions = named.flatMap(({ episode }, n) => {
    const base = { podcast: episode.feed_url ?? 'https://unknown.example.org/feed.xml' };
    const media = episode.media_url as string;
    return [
      {
        ...base,
        episode: media,
        guid: episode.episode_id,
        action: 'play',
        timestamp: AT,
        position: 30 + n,
        started: 0,
        total: 600,
      },
      {
        ...base,
        episode: respell(media),
        action: 'play',
        timestamp: `2026-05-20T10:0${n}:01`,
        position: 40 + n,
      },
      { ...base, episode: media, action: 'download', timestamp: AT },
    ];
  });
  actions.push({
    podcast: 'https://unknown.example.org/feed.xml',
    episode: 'https://unknown.example.org/x.mp3',
    guid: 'no-such-guid',
    action: 'play',
    timestamp: AT,
    position: 5,
  });
  // Every episode by its enclosure URL alone, in other spelling: ties go to the first in catalog order.
  for (const [n, episode] of snapshot.episodes.entries()) {
    if (episode.media_url !== null) {
      const podcast = 'https://unknown.example.org/feed.xml';
      const at = `2026-05-2${n % 10}T11:00:00`;
      actions.push({
        podcast,
        episode: respell(episode.media_url),
        action: 'play',
        timestamp: at,
        position: n,
      });
    }
  }
  note('upload actions', await post(`/api/2/episodes/${u}.json`, actions));
  // GUIDs with a layer prefix alone, newer than every action before: found without it.
  const prefixed = named.map(({ episode }) => ({
    podcast: episode.feed_url ?? 'https://unknown.example.org/feed.xml',
    episode: 'https://unknown.example.org/e.mp3',
    guid: `episode:${episode.episode_id}`,
    action: 'new',
    timestamp: '2026-05-31T00:00:00',
  }));
  note('upload prefixed', await post(`/api/2/episodes/${u}.json`, prefixed));
  note(
    'both added and removed',
    await post(`/api/2/subscriptions/${u}/phone.json`, {
      add: feedUrls.slice(0, 1),
      remove: feedUrls.slice(0, 1),
    }),
  );
  const [played, unnamed] = snapshot.episodes.filter((e) => !named.some((n) => n.episode === e));
  for (const episode of [played, unnamed, named[0]?.episode]) {
    if (episode !== undefined) {
      const res = await request(app.app)
        .put(`/api/app/playback/${encodeURIComponent(episode.slug)}`)
        .send({ position_seconds: 77 });
      note(`web play ${episode.slug}`, res);
    }
  }
  note('actions', await get(`/api/2/episodes/${u}.json?since=0`));
  note('aggregated', await get(`/api/2/episodes/${u}.json?since=0&aggregated=true`));
  for (const url of feedUrls) {
    note(
      `actions of ${url}`,
      await get(`/api/2/episodes/${u}.json?podcast=${encodeURIComponent(respell(url))}`),
    );
  }
  note('actions of phone', await get(`/api/2/episodes/${u}.json?device=phone`));
  note(
    'unsubscribe',
    await post(`/api/2/subscriptions/${u}/phone.json`, { add: [], remove: feedUrls.slice(0, 1) }),
  );
  note('changes', await get(`/api/2/subscriptions/${u}/phone.json?since=${first.body.timestamp}`));
  const kept = [...feedUrls.slice(2), 'https://other.example.org/feed'].join('\n');
  const put = await request(app.app)
    .put(`/subscriptions/${u}/phone.txt`)
    .set('authorization', basic)
    .set('content-type', 'text/plain')
    .send(kept);
  note('simple put', put);
  note(
    'simple list',
    await request(app.app).get(`/subscriptions/${u}.txt`).set('authorization', basic),
  );
  const nc = '/index.php/apps/gpoddersync';
  note('nextcloud subscriptions', await get(`${nc}/subscriptions?since=0`));
  note(
    'nextcloud change',
    await post(`${nc}/subscription_change/create`, { add: feedUrls.slice(0, 1), remove: [] }),
  );
  note('nextcloud actions', await get(`${nc}/episode_action?since=0`));
}

/** The Open Podcast API and OPML half of the session. */
async function opaSession(
  app: TestApp,
  snapshot: CorpusSnapshot,
  basic: string,
  note: (step: string, res: request.Response) => void,
) {
  const client = 'b0f1a1de-0000-4000-8000-00000000c11e';
  const as = (r: request.Test) => r.set('authorization', basic).set('client-id', client);
  const get = (p: string) => as(request(app.app).get(p));
  const post = (p: string, body: unknown) => as(request(app.app).post(p)).send(body as object);
  const feedUrls = snapshot.feeds.flatMap((feed) => (feed.url === null ? [] : [feed.url]));
  const subscriptions = await get('/v1/subscriptions');
  note('opa subscriptions', subscriptions);
  note(
    'opa subscribe',
    await post('/v1/subscriptions', {
      subscriptions: [
        ...feedUrls.slice(0, 2).map((url) => ({ feed_url: respell(url) })),
        { feed_url: 'https://opa.example.org/feed' },
      ],
    }),
  );
  const episodes = await get('/v1/episodes');
  note('opa episodes', episodes);
  const listed = (episodes.body.episodes ?? []) as { podcast_guid: string; sync_id: string }[];
  const named = namedEpisodes(snapshot);
  const items = [
    ...listed.map(({ podcast_guid, sync_id }) => ({
      podcast_guid,
      sync_id,
      favorite_status: { value: true, timestamp: `${AT}Z` },
    })),
    ...named.flatMap(({ episode }) => [
      {
        podcast_guid: listed[0]?.podcast_guid ?? 'a0000000-0000-4000-8000-000000000000',
        episode_guid: episode.episode_id,
        playback_position: { value: 12, timestamp: `${AT}Z` },
      },
      {
        podcast_guid: 'a0000000-0000-4000-8000-000000000000',
        enclosure_url: respell(episode.media_url as string),
        download_status: { value: true, timestamp: `${AT}Z` },
      },
    ]),
    { podcast_guid: 'a0000000-0000-4000-8000-000000000000', sync_id: 'no-such-sync-id' },
    { podcast_guid: listed[0]?.podcast_guid ?? '', sync_id: 'no-such-sync-id' },
  ];
  note('opa upload', await post('/v1/episodes', items));
  note('opa episodes after', await get('/v1/episodes'));
  const after = await get('/v1/subscriptions');
  note('opa subscriptions after', after);
  const guids = ((after.body.subscriptions ?? []) as { guid: string }[]).map((s) => s.guid);
  for (const guid of guids.slice(0, 2)) {
    const deleted = await as(request(app.app).delete(`/v1/subscriptions/${guid}`));
    note(`opa delete ${guid}`, deleted);
    note('opa deletion', await get(`/v1/deletions/${deleted.body.deletion_id}`));
  }
  note('opa sync', await get('/v1/sync?since=2026-01-01T00:00:00Z'));
  note('opa unknown subscription', await get('/v1/subscriptions/no-such-guid'));
  note('opa unknown deletion', await get('/v1/deletions/999'));
  note('opa episodes at last', await get('/v1/episodes'));
}

/** OPML import and export and the library they change. */
async function opmlSession(
  app: TestApp,
  snapshot: CorpusSnapshot,
  note: (step: string, res: request.Response) => void,
) {
  const urls = [
    ...snapshot.feeds.flatMap((feed) => (feed.url === null ? [] : [respell(feed.url), feed.url])),
    'https://unknown.example.org/feed.xml',
    'not a url',
  ];
  const outlines = urls.map((url) => `<outline type="rss" xmlUrl="${url}"/>`).join('');
  note(
    'opml import',
    await request(app.app)
      .post('/api/app/library/opml')
      .set('content-type', 'text/x-opml')
      .send(`<?xml version="1.0"?><opml version="2.0"><head/><body>${outlines}</body></opml>`),
  );
  note('opml export', await request(app.app).get('/api/app/library/opml'));
  note(
    'opml unusable',
    await request(app.app)
      .post('/api/app/library/opml')
      .set('content-type', 'text/x-opml')
      .send('<opml><body><outline'),
  );
  note('library at last', await request(app.app).get('/api/app/library'));
}

/** The answers of the whole session, in order. */
export async function syncSession(app: TestApp, snapshot: CorpusSnapshot): Promise<Answer[]> {
  const answers: Answer[] = [];
  const note = (step: string, res: request.Response) => {
    answers.push(answerOf(step, res));
  };
  const password = await request(app.app)
    .post('/api/app/sync/app-passwords')
    .send({ name: 'phone' });
  const { username } = password.body as { username: string };
  const basic = basicAuth(username, password.body.password);
  await opmlSession(app, snapshot, note);
  await gpodderSession(app, snapshot, { username, basic }, note);
  await opaSession(app, snapshot, basic, note);
  await opmlSession(app, snapshot, note);
  return answers;
}

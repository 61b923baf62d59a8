import { expect, it } from '@jest/globals';
import request from 'supertest';
import { useSyncFixture } from './support/sync-fixture.js';

// The web app and a podcast app writing the same user's rows at once: the
// library (a trigger logs each change under the user's sync stamp) and the
// playback position (the web app's group-commit upsert bumps the user's
// revision). Both sides must take their locks in one order, or PostgreSQL
// breaks a deadlock by failing one of them.

const suite = useSyncFixture('gpodder-race');

it('keeps web-app and synced writes of one user free of deadlocks', async () => {
  const u = await suite.f.user('racer');
  const shows = suite.shows.slice(0, 2);
  const app = suite.f.t.app;
  const statuses: number[] = [];
  for (let round = 0; round < 15; round += 1) {
    const now = Math.floor(Date.now() / 1000);
    const stamp = new Date((now - 5) * 1000).toISOString().slice(0, 19);
    const calls = shows.flatMap((show) => [
      request(app)
        .put(`/api/app/playback/${show.episode.slug}`)
        .set('cookie', u.cookie)
        .send({ position_seconds: round, client_ts: now - 10 }),
      request(app)
        .post(`/api/2/episodes/${u.username}.json`)
        .set('authorization', u.basic)
        .send([
          {
            podcast: show.url,
            episode: show.episode.media_url,
            action: 'play',
            position: 100 + round,
            timestamp: stamp,
          },
        ]),
      request(app).post(`/api/app/library/${show.feedId}`).set('cookie', u.cookie),
      request(app)
        .post(`/api/2/subscriptions/${u.username}/phone.json`)
        .set('authorization', u.basic)
        .send(round % 2 === 0 ? { remove: [show.url] } : { add: [show.url] }),
      request(app).delete(`/api/app/library/${show.feedId}`).set('cookie', u.cookie),
    ]);
    statuses.push(...(await Promise.all(calls)).map((res) => res.status));
  }
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  // The newest write won: the synced actions are newer than the web app's.
  const position = await request(app)
    .get(`/api/app/playback/${shows[0]?.episode.slug}`)
    .set('cookie', u.cookie);
  expect(position.body.position_seconds).toBe(114);
});

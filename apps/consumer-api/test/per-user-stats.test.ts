import { expect, it } from '@jest/globals';
import { describeInBothModes, type ModeFixture } from './support/both-modes.js';
import { someInsight } from './support/corpus-facts.js';

const today = () => new Date().toISOString().slice(0, 10);

async function listenRows(fixture: ModeFixture) {
  return fixture.testApp.ctx.db
    .selectFrom('listen_events')
    .selectAll()
    .where('user_id', '=', fixture.userId)
    .execute();
}

describeInBothModes('listening and stats', (fixture) => {
  it('answers /me with the current user', async () => {
    const res = await fixture().as('get', '/api/app/me');
    expect(res.status).toBe(200);
    expect(res.body.user_id).toBe(fixture().userId);
  });

  it('starts with zeroed stats and a 14-day sparkline ending today', async () => {
    const res = await fixture().as('get', '/api/app/me/stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      episodes: 0,
      shows: 0,
      listening_seconds: 0,
      active_days: 0,
      day_streak: 0,
    });
    expect(res.body.daily).toHaveLength(14);
    expect(res.body.daily.at(-1)).toEqual({ date: today(), count: 0 });
  });

  it('records a listen (204) and counts it in user and episode stats', async () => {
    const fact = someInsight(fixture().snapshot);
    const slug = fact.episode.slug;
    expect((await fixture().as('post', `/api/app/listen/${slug}`)).status).toBe(204);
    // A second open within 30 minutes counts once; one the client says came 40 minutes
    // earlier counts again.
    expect((await fixture().as('post', `/api/app/listen/${slug}`)).status).toBe(204);
    const earlier = Math.floor(Date.now() / 1000) - 40 * 60;
    const replayed = await fixture()
      .as('post', `/api/app/listen/${slug}`)
      .send({ client_ts: earlier });
    expect(replayed.status).toBe(204);
    await fixture().as('put', `/api/app/playback/${slug}`).send({ position_seconds: 90.4 });

    const mine = await fixture().as('get', '/api/app/me/stats?tz=Europe/Berlin');
    // Near midnight in Berlin the two opens fall on two consecutive local days.
    const berlinDay = (epochSeconds: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(epochSeconds * 1000);
    const days = new Set([berlinDay(earlier), berlinDay(Date.now() / 1000)]).size;
    expect(mine.body).toMatchObject({
      episodes: 1,
      shows: 1,
      listening_seconds: 90,
      active_days: days,
      day_streak: days,
    });
    // The two opens may fall on two local days near midnight: count them over the sparkline.
    const sum = (daily: { count: number }[]) => daily.reduce((n, day) => n + day.count, 0);
    expect(sum(mine.body.daily)).toBe(2);

    const episode = await fixture().as('get', `/api/app/episodes/${slug}/stats`);
    expect(episode.status).toBe(200);
    expect(episode.body).toEqual({
      slug,
      listeners: 1,
      opens: 2,
      insights: fact.shownInsights,
      daily: expect.any(Array),
    });
    expect(sum(episode.body.daily)).toBe(2);
    expect(JSON.stringify(episode.body)).not.toContain(fixture().userId);
  });

  it('answers 204 for an unknown slug and records nothing', async () => {
    const before = (await listenRows(fixture())).length;
    const res = await fixture().as('post', '/api/app/listen/no-such-episode');
    expect(res.status).toBe(204);
    expect(await listenRows(fixture())).toHaveLength(before);
  });

  it('answers 404 for the stats of an unknown episode and 400 for a bad time zone', async () => {
    expect((await fixture().as('get', '/api/app/episodes/no-such-episode/stats')).status).toBe(404);
    const badZone = await fixture().as('get', '/api/app/me/stats?tz=Mars/Olympus');
    expect(badZone.status).toBe(400);
    expect(badZone.body.errors[0].field).toBe('query.tz');
  });
});

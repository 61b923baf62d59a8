import { expect, it } from '@jest/globals';
import { MAX_QUEUE } from '@podcast/contracts';
import { getQueue, replaceQueue } from '@podcast/db';
import { describeInBothModes } from './support/both-modes.js';
import { someSlugs } from './support/corpus-facts.js';

describeInBothModes('queue items', (fixture) => {
  const add = (body: object) => fixture().as('post', '/api/app/queue/items').send(body);
  const remove = (slug: string) =>
    fixture().as('delete', `/api/app/queue/items/${encodeURIComponent(slug)}`);

  it('adds at the end or after an episode, and a replay changes nothing', async () => {
    const [a, b, c, d] = someSlugs(fixture().snapshot, 4) as [string, string, string, string];
    await fixture().as('put', '/api/app/queue').send({ items: [] });
    expect((await add({ slug: a })).status).toBe(201);
    expect((await add({ slug: b })).body).toEqual({ items: [a, b] });
    const inserted = await add({ slug: c, after: a });
    expect(inserted.status).toBe(201);
    expect(inserted.body).toEqual({ items: [a, c, b] });
    // A replay of the same intent: 200, same queue, the episode keeps its place.
    const replay = await add({ slug: c, after: b });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ items: [a, c, b] });
    // `after` naming an episode that is not queued appends.
    expect((await add({ slug: d, after: 'not-queued' })).body).toEqual({ items: [a, c, b, d] });
    expect((await fixture().as('get', '/api/app/queue')).body).toEqual({ items: [a, c, b, d] });
  });

  it('removes idempotently: the same answer whether or not the episode was queued', async () => {
    const [a, b] = someSlugs(fixture().snapshot, 2) as [string, string];
    await fixture()
      .as('put', '/api/app/queue')
      .send({ items: [a, b] });
    const first = await remove(a);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ items: [b] });
    const again = await remove(a);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ items: [b] });
    expect((await remove('never-queued')).body).toEqual({ items: [b] });
  });

  it('keeps concurrent replays of one add to one queued episode', async () => {
    const [a] = someSlugs(fixture().snapshot, 1) as [string];
    await fixture().as('put', '/api/app/queue').send({ items: [] });
    const results = await Promise.all(Array.from({ length: 10 }, () => add({ slug: a })));
    expect(results.filter((res) => res.status === 201)).toHaveLength(1);
    expect(results.filter((res) => res.status === 200)).toHaveLength(9);
    expect((await fixture().as('get', '/api/app/queue')).body).toEqual({ items: [a] });
  });

  it(`holds the ${MAX_QUEUE}-episode cap against racing adds`, async () => {
    const { db } = fixture().testApp.ctx;
    const userId = fixture().userId;
    const filler = Array.from({ length: MAX_QUEUE - 1 }, (_, i) => `filler-${i}`);
    await replaceQueue(db, userId, filler);
    const slugs = someSlugs(fixture().snapshot, 12);
    const results = await Promise.all(slugs.map((slug) => add({ slug })));
    expect(results.filter((res) => res.status === 201)).toHaveLength(1);
    const refused = results.filter((res) => res.status === 409);
    expect(refused).toHaveLength(slugs.length - 1);
    expect(refused[0]?.body.detail).toMatch(/500 episodes/);
    expect((await getQueue(db, userId)).items).toHaveLength(MAX_QUEUE);
    await fixture().as('put', '/api/app/queue').send({ items: [] });
  });

  it('answers 404 for a slug the corpus lacks and stores nothing', async () => {
    await fixture().as('put', '/api/app/queue').send({ items: [] });
    const res = await add({ slug: 'not-an-episode' });
    expect(res.status).toBe(404);
    expect((await fixture().as('get', '/api/app/queue')).body).toEqual({ items: [] });
  });

  it.each([
    [{}, 'body.slug'],
    [{ slug: '' }, 'body.slug'],
    [{ slug: 'a\u0000b' }, 'body.slug'],
    [{ slug: 'x'.repeat(201) }, 'body.slug'],
    [{ slug: 'ok', after: 5 }, 'body.after'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('refuses a malformed escape in the slug with a 400', async () => {
    expect((await fixture().as('delete', '/api/app/queue/items/%FF')).status).toBe(400);
  });
});

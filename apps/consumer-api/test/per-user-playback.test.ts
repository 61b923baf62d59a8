import { expect, it } from '@jest/globals';
import { describeInBothModes } from './support/both-modes.js';
import { someSlugs } from './support/corpus-facts.js';

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

describeInBothModes('playback', (fixture) => {
  it('answers 0 without updated_at for an episode never saved', async () => {
    const [slug] = someSlugs(fixture().snapshot, 1);
    const res = await fixture().as('get', `/api/app/playback/${slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ slug, position_seconds: 0 });
  });

  it('saves a position and lists saved positions newest-updated first', async () => {
    const [a, b] = someSlugs(fixture().snapshot, 2);
    expect((await fixture().as('get', '/api/app/playback')).body).toEqual({ items: [] });
    const saved = await fixture()
      .as('put', `/api/app/playback/${a}`)
      .send({ position_seconds: 12.5 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ slug: a, position_seconds: 12.5, updated_at: expect.any(String) });
    await delay(5);
    await fixture().as('put', `/api/app/playback/${b}`).send({ position_seconds: 30 });
    const list = await fixture().as('get', '/api/app/playback');
    expect(list.body.items.map((item: { slug: string }) => item.slug)).toEqual([b, a]);
    await delay(5);
    await fixture().as('put', `/api/app/playback/${a}`).send({ position_seconds: 40 });
    const again = await fixture().as('get', '/api/app/playback');
    expect(again.body.items.map((item: { slug: string }) => item.slug)).toEqual([a, b]);
    expect((await fixture().as('get', `/api/app/playback/${a}`)).body.position_seconds).toBe(40);
  });

  it('answers the list from a cache that every change of the positions invalidates', async () => {
    const [a, b] = someSlugs(fixture().snapshot, 2);
    await fixture().as('put', `/api/app/playback/${a}`).send({ position_seconds: 5 });
    const first = await fixture().as('get', '/api/app/playback');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const revalidated = await fixture().as('get', '/api/app/playback').set('if-none-match', etag);
    expect(revalidated.status).toBe(304);
    // A write older than the stored one changes nothing, so the list stays the same.
    const stale = await fixture()
      .as('put', `/api/app/playback/${a}`)
      .send({ position_seconds: 99, client_ts: Date.now() / 1000 - 3600 });
    expect(stale.body.position_seconds).toBe(5);
    expect((await fixture().as('get', '/api/app/playback')).headers.etag).toBe(etag);
    await delay(5);
    await fixture()
      .as('put', `/api/app/playback/${b}`)
      .send({ position_seconds: 7, finished: true });
    const changed = await fixture().as('get', '/api/app/playback').set('if-none-match', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.items[0]).toMatchObject({ slug: b, position_seconds: 7, finished: true });
  });

  it.each([
    ['a negative position', { position_seconds: -1 }],
    ['a position given as text', { position_seconds: '10' }],
    ['no position', {}],
  ])('refuses %s with 400 naming the field', async (_name, body) => {
    const [slug] = someSlugs(fixture().snapshot, 1);
    const res = await fixture().as('put', `/api/app/playback/${slug}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('body.position_seconds');
  });

  it('answers 404 when saving a position for an episode the corpus lacks', async () => {
    const res = await fixture()
      .as('put', '/api/app/playback/no-such-episode')
      .send({ position_seconds: 1 });
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('no-such-episode');
  });
});

describeInBothModes('queue', (fixture) => {
  it('starts empty, replaces the whole queue and keeps its order', async () => {
    const [a, b, c] = someSlugs(fixture().snapshot, 3);
    expect((await fixture().as('get', '/api/app/queue')).body).toEqual({ items: [] });
    const put = await fixture()
      .as('put', '/api/app/queue')
      .send({ items: [c, a, b] });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ items: [c, a, b] });
    await fixture()
      .as('put', '/api/app/queue')
      .send({ items: [b] });
    expect((await fixture().as('get', '/api/app/queue')).body).toEqual({ items: [b] });
    await fixture().as('put', '/api/app/queue').send({ items: [] });
    expect((await fixture().as('get', '/api/app/queue')).body).toEqual({ items: [] });
  });

  it('refuses a repeated slug and an unknown slug with 400 naming the item, changing nothing', async () => {
    const [a, b] = someSlugs(fixture().snapshot, 2);
    await fixture()
      .as('put', '/api/app/queue')
      .send({ items: [a] });
    const repeated = await fixture()
      .as('put', '/api/app/queue')
      .send({ items: [a, b, a] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors[0].field).toBe('body.items.2');
    const unknown = await fixture()
      .as('put', '/api/app/queue')
      .send({ items: [b, 'gone-slug'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('body.items.1');
    expect((await fixture().as('get', '/api/app/queue')).body).toEqual({ items: [a] });
  });

  it('refuses a body without items', async () => {
    const res = await fixture().as('put', '/api/app/queue').send({ slugs: [] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('body.items');
  });
});

import { expect, it } from '@jest/globals';
import { describeInBothModes } from './support/both-modes.js';
import { someSlugs } from './support/corpus-facts.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describeInBothModes('playback and listens at the client time', (fixture) => {
  const put = (slug: string, body: object) =>
    fixture().as('put', `/api/app/playback/${slug}`).send(body);

  it('never lets a replayed older position overwrite a newer one', async () => {
    const [slug] = someSlugs(fixture().snapshot, 1) as [string];
    const newer = await put(slug, { position_seconds: 600, client_ts: nowSeconds() - 60 });
    expect(newer.status).toBe(200);
    const stale = await put(slug, { position_seconds: 30, client_ts: nowSeconds() - 3600 });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(newer.body);
    const stored = await fixture().as('get', `/api/app/playback/${slug}`);
    expect(stored.body.position_seconds).toBe(600);
    // A later one (by the client's clock) wins.
    const later = await put(slug, { position_seconds: 640, client_ts: nowSeconds() });
    expect(later.body.position_seconds).toBe(640);
  });

  it('keeps the newest of racing writes whatever order they land in', async () => {
    const [, slug] = someSlugs(fixture().snapshot, 2) as [string, string];
    const base = nowSeconds() - 600;
    const writes = Array.from({ length: 20 }, (_, i) => ({
      position_seconds: i * 10,
      client_ts: base + i,
    })).reverse();
    await Promise.all(writes.map((body) => put(slug, body)));
    const stored = await fixture().as('get', `/api/app/playback/${slug}`);
    expect(stored.body.position_seconds).toBe(190);
    expect(stored.body.updated_at).toBe(new Date((base + 19) * 1000).toISOString());
  });

  it('clamps a device clock running ahead to five minutes past the server', async () => {
    const [, , slug] = someSlugs(fixture().snapshot, 3) as [string, string, string];
    const before = Date.now();
    const res = await put(slug, { position_seconds: 5, client_ts: nowSeconds() + 86_400 });
    const stamped = Date.parse(res.body.updated_at);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect(stamped).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
  });

  it('stores and lists the finished flag, and clears it again', async () => {
    const [, , , slug] = someSlugs(fixture().snapshot, 4) as [string, string, string, string];
    const done = await put(slug, { position_seconds: 1800, finished: true });
    expect(done.body).toMatchObject({ slug, position_seconds: 1800, finished: true });
    const list = await fixture().as('get', '/api/app/playback');
    expect(list.body.items.find((item: { slug: string }) => item.slug === slug)).toMatchObject({
      finished: true,
    });
    const again = await put(slug, { position_seconds: 10, finished: false });
    expect(again.body).not.toHaveProperty('finished');
  });

  it.each([
    [{ position_seconds: 1, client_ts: -5 }, 'body.client_ts'],
    [{ position_seconds: 1, client_ts: 'yesterday' }, 'body.client_ts'],
    [{ position_seconds: 1, finished: 'yes' }, 'body.finished'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const [slug] = someSlugs(fixture().snapshot, 1) as [string];
    const res = await put(slug, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('counts racing opens of one episode by one user once within 30 minutes', async () => {
    const [, , , , slug] = someSlugs(fixture().snapshot, 5) as string[];
    const opens = await Promise.all(
      Array.from({ length: 30 }, () => fixture().as('post', `/api/app/listen/${slug}`)),
    );
    expect(opens.every((res) => res.status === 204)).toBe(true);
    const stats = await fixture().as('get', `/api/app/episodes/${slug}/stats`);
    expect(stats.body).toMatchObject({ listeners: 1, opens: 1 });
  });

  it('refuses a listen body with a bad client_ts (400) and accepts none at all', async () => {
    const [slug] = someSlugs(fixture().snapshot, 1) as [string];
    const bad = await fixture().as('post', `/api/app/listen/${slug}`).send({ client_ts: -1 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('body.client_ts');
    expect((await fixture().as('post', `/api/app/listen/${slug}`)).status).toBe(204);
  });
});

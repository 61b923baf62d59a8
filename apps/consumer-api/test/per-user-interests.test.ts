import { expect, it } from '@jest/globals';
import { describeInBothModes } from './support/both-modes.js';

const tokenPath = (token: string) => `/api/app/interests/${encodeURIComponent(token)}`;

describeInBothModes('interests', (fixture) => {
  it('replaces the whole set with PUT, collapsing repeats, in byte order', async () => {
    expect((await fixture().as('get', '/api/app/interests')).body).toEqual({ items: [] });
    const put = await fixture()
      .as('put', '/api/app/interests')
      .send({ items: ['topic:b', 'tc:x', 'person:ann', 'topic:b'] });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ items: ['person:ann', 'tc:x', 'topic:b'] });
    await fixture()
      .as('put', '/api/app/interests')
      .send({ items: ['topic:z'] });
    expect((await fixture().as('get', '/api/app/interests')).body).toEqual({ items: ['topic:z'] });
  });

  it('follows and unfollows one token idempotently, always answering {items}', async () => {
    await fixture().as('put', '/api/app/interests').send({ items: [] });
    const followed = await fixture().as('post', tokenPath('topic:rain gardens'));
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ items: ['topic:rain gardens'] });
    expect((await fixture().as('post', tokenPath('topic:rain gardens'))).body).toEqual({
      items: ['topic:rain gardens'],
    });
    const unfollowed = await fixture().as('delete', tokenPath('topic:rain gardens'));
    expect(unfollowed.body).toEqual({ items: [] });
    const absent = await fixture().as('delete', tokenPath('person:nobody'));
    expect(absent.status).toBe(200);
    expect(absent.body).toEqual({ items: [] });
  });

  it.each(['rain', 'show:x', 'topic:', 'TOPIC:x'])(
    'refuses the token %p with 400',
    async (token) => {
      const post = await fixture().as('post', tokenPath(token));
      expect(post.status).toBe(400);
      expect(post.body.errors[0].field).toBe('params.token');
      expect((await fixture().as('delete', tokenPath(token))).status).toBe(400);
      const put = await fixture()
        .as('put', '/api/app/interests')
        .send({ items: ['topic:ok', token] });
      expect(put.status).toBe(400);
      expect(put.body.errors[0].field).toBe('body.items.1');
    },
  );
});

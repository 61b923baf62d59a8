import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { viewerOverSampleCopy } from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-hostile-probes';
const t = viewerOverSampleCopy(TOKEN);

const LONG = 'n'.repeat(300);

/** Each probe: method, URL; sent with the operator token so the gate is not what answers. */
const PROBES: [string, string][] = [
  ['get', '/api/relational/positions?person=a%00b'],
  ['get', '/api/relational/positions?person=%E0%A4%A'],
  ['get', `/api/relational/who-said?topic=${LONG}`],
  ['get', '/api/persons/%E0%A4%A/brief'],
  ['get', `/api/persons/${LONG}/positions?topic=x`],
  ['get', '/api/topics/a%00b/timeline'],
  ['get', '/api/topics/%E0%A4%A/conversation-arc'],
  ['get', `/api/topics/${LONG}/perspectives`],
  ['get', '/api/topics/perspective-leaders?limit=%00'],
  ['delete', '/api/corpus/runs/%E0%A4%A?confirm=x'],
  ['delete', `/api/corpus/runs/${LONG}?confirm=${LONG}`],
  ['delete', '/api/corpus/episodes/%E0%A4%A?confirm=x'],
  ['delete', '/api/corpus/episodes/a%00b?confirm=a%00b'],
  ['delete', `/api/corpus/episodes/${'e'.repeat(600)}?confirm=x`],
  ['post', '/api/corpus/trash/%E0%A4%A/restore'],
  ['post', `/api/corpus/trash/${LONG}/restore`],
  ['get', '/api/corpus/trash?path=%00'],
  ['get', `/api/ops/summary?path=/${LONG}`],
  ['get', '/api/ops/summary?path=%E0%A4%A'],
];

describe('new viewer routes under hostile input', () => {
  it.each(PROBES)('%s %s answers 4xx, never 5xx', async (method, url) => {
    const agent = request(t.viewer.app);
    const call =
      method === 'delete'
        ? agent.delete(url)
        : method === 'post'
          ? agent.post(url)
          : agent.get(url);
    const res = await call.set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it.each([['/api/ops/summary'], ['/api/corpus/trash'], ['/api/relational/episodes?podcast=x']])(
    '%s refuses a path into a hidden folder of the corpus',
    async (url) => {
      const sep = url.includes('?') ? '&' : '?';
      const res = await request(t.viewer.app)
        .get(`${url}${sep}path=${encodeURIComponent(`${t.corpus.root}/.trash`)}`)
        .set('authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(403);
    },
  );
});

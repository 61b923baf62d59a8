import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { AskAnswer } from '@podcast/contracts';
import request from 'supertest';
import { expectProblem } from './support/corpus-browse-fixture.js';
import { viewerOverSampleCopy, waitForRebuild } from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-ask-tests';

const t = viewerOverSampleCopy(TOKEN);

const ask = (query: Record<string, string>) => request(t.viewer.app).get('/api/ask').query(query);

describe('GET /api/ask', () => {
  it('refuses a missing question or bad filters, naming the field', async () => {
    expectProblem(await ask({}), 400, 'q');
    expectProblem(await ask({ q: 'sleep', top_k: '21' }), 400, 'top_k');
    expectProblem(await ask({ q: 'sleep', since: 'last week' }), 400, 'since');
    expectProblem(await ask({ q: 'sleep', path: '/etc' }), 403, 'path');
  });

  it('abstains with no_index before the corpus has an index', async () => {
    const res = await ask({ q: 'battery recycling' });
    expect(res.status).toBe(200);
    expect(AskAnswer.parse(res.body)).toMatchObject({
      status: 'abstained',
      reason: 'no_index',
      scope: 'corpus',
      evidence: [],
      summary: null,
    });
  });

  it('after a rebuild, answers with evidence the filters allow, and logs no text', async () => {
    const started = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', `Bearer ${TOKEN}`);
    expect(started.status).toBe(202);
    expect(await waitForRebuild(t.viewer.app, t.corpus.root)).toMatchObject({ available: true });

    const answered = AskAnswer.parse(
      (await ask({ q: 'How quickly did permeable pavement pay for itself?' })).body,
    );
    expect(answered.status).toBe('answered');
    expect(answered.evidence[0]?.insight?.id).toBe('insight:48aca782bdd30900');
    expect(answered.evidence[0]?.quote.text).toContain('4 years');

    const feed = answered.evidence[0]?.episode.feed_id ?? '';
    const inFeed = AskAnswer.parse((await ask({ q: 'sewer separation', feed, top_k: '10' })).body);
    expect(inFeed.evidence.length).toBeGreaterThan(0);
    expect(inFeed.evidence.every((e) => e.episode.feed_id === feed)).toBe(true);

    const speaker = answered.evidence[0]?.speaker?.id ?? '';
    const bySpeaker = AskAnswer.parse(
      (await ask({ q: 'permeable pavement', speaker, top_k: '10' })).body,
    );
    expect(bySpeaker.evidence.every((e) => e.speaker?.id === speaker)).toBe(true);

    const none = AskAnswer.parse((await ask({ q: 'How do you bake sourdough bread?' })).body);
    expect(none).toMatchObject({ status: 'abstained', reason: 'below_threshold', evidence: [] });

    const log = await readFile(path.join(t.corpus.root, 'search', 'query_log.jsonl'), 'utf8');
    expect(log).toContain('"event_type":"ask_query"');
    expect(log).not.toMatch(/pavement|sourdough|sewer/);
  }, 120_000);
});

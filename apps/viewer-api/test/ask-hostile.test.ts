import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { expectProblem } from './support/corpus-browse-fixture.js';
import { viewerOverSampleCopy } from './support/sample-corpus-copy.js';

/*
 * GET /api/ask under what an adversary sends: a 400 naming the field (403
 * for a corpus path outside the roots or hidden), never a 5xx, and nothing
 * appended to the query log by a refused request.
 */

const t = viewerOverSampleCopy('operator-token-for-ask-hostile');

const ask = (query: string) => request(t.viewer.app).get(`/api/ask?${query}`);
/** The query log as it is now ('' while there is none). */
const queryLog = () =>
  readFile(path.join(t.corpus.root, 'search', 'query_log.jsonl'), 'utf8').catch(() => '');

let logBefore = '';
beforeAll(async () => {
  logBefore = await queryLog();
});

describe('GET /api/ask under hostile queries', () => {
  it.each([
    ['q=%00', 'q'],
    ['q=why%00not', 'q'],
    ['q=%zz', 'q'],
    ['q=%E0%A4%A', 'q'],
    [`q=${'q'.repeat(501)}`, 'q'],
    ['q=a&q=b', 'q'],
    ['q=%20%09%20', 'q'],
    ['q=why&top_k=1e9', 'top_k'],
    ['q=why&top_k=-1', 'top_k'],
    ['q=why&top_k=NaN', 'top_k'],
    ['q=why&top_k=2.5', 'top_k'],
    ['q=why&top_k=0x10', 'top_k'],
    ['q=why&top_k=1&top_k=2', 'top_k'],
    ['q=why&since=notadate', 'since'],
    ['q=why&since=2026-02-30', 'since'],
    ['q=why&since=2026-01-01&since=2026-01-02', 'since'],
    [`q=why&feed=${'f'.repeat(301)}`, 'feed'],
    ['q=why&speaker=a&speaker=b', 'speaker'],
    ['q=why&path=a&path=b', 'path'],
    ['q=why&path=%00', 'path'],
    [`q=why&path=/${'p'.repeat(300)}`, 'path'],
  ])('%s answers 400 naming %s, logging nothing', async (query, field) => {
    expectProblem(await ask(query), 400, field);
    expect(await queryLog()).toBe(logBefore);
  });

  it('answers 431 for a 100 KB question without reading it', async () => {
    expect((await ask(`q=${'q'.repeat(100_000)}`)).status).toBe(431);
  });

  it('refuses a corpus path outside the roots, or hidden inside them, with a 403 naming path', async () => {
    await mkdir(path.join(t.corpus.root, '.hidden'), { recursive: true });
    await mkdir(path.join(t.corpus.root, '.git'), { recursive: true });
    for (const where of [
      '/etc',
      `${t.corpus.root}/../..`,
      `${t.corpus.root}/.hidden`,
      `${t.corpus.root}/.git`,
      `${t.corpus.root}/feeds/../.git`,
    ]) {
      expectProblem(await ask(`q=why&path=${encodeURIComponent(where)}`), 403, 'path');
    }
    // Decoded once, as every query value is: a folder named `%2e%2e`, which is not there.
    const encoded = `${t.corpus.root}/%2e%2e/%2e%2e`;
    expectProblem(await ask(`q=why&path=${encodeURIComponent(encoded)}`), 404, 'path');
    expect(await queryLog()).toBe(logBefore);
  });

  it('answers a question in any script, bidirectional and control characters and all', async () => {
    for (const q of ['\u202Ewhy\u202C', 'battery\u0007\u001b[31m', '\u2067sleep\u2069?']) {
      const res = await ask(`q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('abstained');
    }
  });
});

import { afterAll, describe, expect, it } from '@jest/globals';
import { formatResult, twinSchedulersScenario } from '../src/chaos/index.js';
import { copySampleCorpus } from '../src/index.js';

// A copy: the apps write beside the corpus (query log, .app/).
const corpus = copySampleCorpus('chaos');
afterAll(() => corpus.remove());

// Two real consumer-apis from dist/ ticking every second on one database (about 15 s).
describe('two consumer-apis with the in-process scheduler', () => {
  it('enqueue one recap per user and period between them', async () => {
    const result = await twinSchedulersScenario({ corpusDir: corpus.corpusDir });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 90_000);
});

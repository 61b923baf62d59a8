import { afterAll, describe, expect, it } from '@jest/globals';
import { formatResult, fourDeliveryWorkersScenario } from '../src/chaos/index.js';
import { copySampleCorpus } from '../src/index.js';

// A copy: the apps write beside the corpus (query log, .app/).
const corpus = copySampleCorpus('chaos');
afterAll(() => corpus.remove());

// A real consumer-api and four delivery workers from dist/ on one seam (about 20 s).
describe('four delivery workers on one seam', () => {
  it('send each envelope once', async () => {
    const result = await fourDeliveryWorkersScenario({ corpusDir: corpus.corpusDir, users: 80 });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 180_000);
});

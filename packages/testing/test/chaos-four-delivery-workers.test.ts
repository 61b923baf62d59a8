import { describe, expect, it } from '@jest/globals';
import { formatResult, fourDeliveryWorkersScenario } from '../src/chaos/index.js';
import { SAMPLE_CORPUS_DIR } from '../src/index.js';

// A real consumer-api and four delivery workers from dist/ on one seam (about 20 s).
describe('four delivery workers on one seam', () => {
  it('send each envelope once', async () => {
    const result = await fourDeliveryWorkersScenario({ corpusDir: SAMPLE_CORPUS_DIR, users: 80 });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 180_000);
});

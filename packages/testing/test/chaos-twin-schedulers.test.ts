import { describe, expect, it } from '@jest/globals';
import { formatResult, twinSchedulersScenario } from '../src/chaos/index.js';
import { SAMPLE_CORPUS_DIR } from '../src/index.js';

// Two real consumer-apis from dist/ ticking every second on one database (about 15 s).
describe('two consumer-apis with the in-process scheduler', () => {
  it('enqueue one recap per user and period between them', async () => {
    const result = await twinSchedulersScenario({ corpusDir: SAMPLE_CORPUS_DIR });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 90_000);
});

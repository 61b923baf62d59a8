import { describe, expect, it } from '@jest/globals';
import { formatResult, twinConsumersScenario } from '../src/chaos/index.js';
import { SAMPLE_CORPUS_DIR } from '../src/index.js';

// Two real consumer-apis from dist/ on one database (about 20 s).
describe('two consumer-apis on one database', () => {
  it('read back at once what the other wrote, the cached playback list included', async () => {
    const result = await twinConsumersScenario({ corpusDir: SAMPLE_CORPUS_DIR });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 90_000);
});

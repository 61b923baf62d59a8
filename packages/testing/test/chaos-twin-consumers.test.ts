import { afterAll, describe, expect, it } from '@jest/globals';
import { formatResult, twinConsumersScenario } from '../src/chaos/index.js';
import { copySampleCorpus } from '../src/index.js';

// A copy: the apps write beside the corpus (query log, .app/).
const corpus = copySampleCorpus('chaos');
afterAll(() => corpus.remove());

// Two real consumer-apis from dist/ on one database (about 20 s).
describe('two consumer-apis on one database', () => {
  it('read back at once what the other wrote, the cached playback list included', async () => {
    const result = await twinConsumersScenario({ corpusDir: corpus.corpusDir });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 90_000);
});

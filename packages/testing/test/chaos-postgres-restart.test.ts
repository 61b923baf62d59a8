import { afterAll, describe, expect, it } from '@jest/globals';
import { formatResult, postgresRestartScenario } from '../src/chaos/index.js';
import { copySampleCorpus } from '../src/index.js';

// A copy: the apps write beside the corpus (query log, .app/).
const corpus = copySampleCorpus('chaos');
afterAll(() => corpus.remove());

// A real consumer-api from dist/ against a PostgreSQL server of its own,
// stopped and started again under load (about 20 s).
describe('PostgreSQL restarted under load', () => {
  it('answers 503 with Retry-After while down, resumes within 5 s and loses no acknowledged write', async () => {
    const result = await postgresRestartScenario({ corpusDir: corpus.corpusDir });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 90_000);
});

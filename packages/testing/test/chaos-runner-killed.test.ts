import { describe, expect, it } from '@jest/globals';
import { formatResult, runnerKilledScenario } from '../src/chaos/index.js';

// A real viewer-api and enrichment-runner from dist/ on a Redis of their own
// and a generated corpus of 200 episodes (about 30 s).
describe('the enrichment runner SIGKILLed mid-run', () => {
  it('leaves no job running, no torn event line, and the next run a valid summary', async () => {
    const result = await runnerKilledScenario({ feeds: 10, episodes: 20 });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 150_000);
});

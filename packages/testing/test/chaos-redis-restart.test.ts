import { describe, expect, it } from '@jest/globals';
import { formatResult, redisRestartScenario } from '../src/chaos/index.js';

// A real viewer-api and enrichment-runner from dist/ on a Redis of their own,
// restarted mid-run, over a generated corpus of 200 episodes (about 40 s).
describe('Redis restarted while jobs run', () => {
  it('answers 503 meanwhile, and every job ends with the runner reconnected', async () => {
    const result = await redisRestartScenario({ feeds: 10, episodes: 20 });
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 200_000);
});

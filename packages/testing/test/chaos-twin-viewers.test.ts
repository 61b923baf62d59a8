import { describe, expect, it } from '@jest/globals';
import { formatResult, twinViewersScenario } from '../src/chaos/index.js';

// Two real viewer-apis from dist/ on one copy of the sample corpus (about 15 s).
describe('two viewers on one corpus', () => {
  it('start one rebuild between them, 202 and 409, and refuse a rollback meanwhile', async () => {
    const result = await twinViewersScenario();
    expect(formatResult(result)).toMatch(/^PASS/);
  }, 120_000);
});

import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The test run that shared fixtures (template databases, generated corpora)
 * belong to: set by jest.preset.js in the parent process, so every worker
 * shares it, and removed by the global teardown. A process alone gets its own.
 */
export function testRunId(): string {
  process.env.PODCAST_TEST_RUN ??= randomBytes(4).toString('hex');
  return process.env.PODCAST_TEST_RUN;
}

/** The folder of the run `runId`'s generated corpora. */
export function generatedCorporaDirOf(runId: string): string {
  return join(tmpdir(), `podcast-generated-${runId}`);
}

import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The suites write many small files (corpus copies, generated corpora,
 * throwaway databases); on a tmpfs that costs a fraction of what a disk
 * with a journal does. The workers inherit the variable, and `os.tmpdir()`
 * reads it at each call. An explicit TMPDIR is kept.
 */
function tmpfsScratch() {
  if (process.env.TMPDIR !== undefined || process.platform !== 'linux') {
    return undefined;
  }
  try {
    accessSync('/dev/shm', constants.W_OK);
    const dir = join('/dev/shm', `podcast-tests-${process.getuid?.() ?? 0}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
}

// Set once in the parent process, before any worker starts, so every worker
// shares them: the scratch filesystem, and the id that names this run's
// shared fixtures (template databases, generated corpora), which the global
// teardown removes.
const scratch = tmpfsScratch();
if (scratch !== undefined) {
  process.env.TMPDIR = scratch;
}
process.env.PODCAST_TEST_RUN ??= randomBytes(4).toString('hex');

// Shared jest setup for every workspace: ESM through @swc/jest, and the
// `@podcast/source` export condition so tests run on sources without a build.
export const preset = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironmentOptions: { customExportConditions: ['@podcast/source', 'node', 'node-addons'] },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  globalTeardown: join(import.meta.dirname, 'scripts/jest-global-teardown.mjs'),
};

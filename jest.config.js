export default {
  projects: ['<rootDir>/packages/*', '<rootDir>/apps/*', '<rootDir>/test'],
  // A global option: per-project values are ignored. Opening an embedded
  // PGlite takes ~4 s, real services a little less.
  testTimeout: 30000,
  // One worker a core (jest's default leaves one idle): the suites wait on
  // PostgreSQL, Redis and child processes more than they compute.
  maxWorkers: '100%',
  // A worker holding more than this after a suite is replaced by a fresh one:
  // with ESM in vm contexts each suite leaves its module graph behind, and a
  // worker that grew to 2.5 GB spent its later suites collecting garbage.
  workerIdleMemoryLimit: '1GB',
  // The second reporter writes $JEST_JSON_FILE for CI's closing line.
  reporters: ['default', '<rootDir>/scripts/jest-json-reporter.cjs'],
  testSequencer: '<rootDir>/scripts/jest-sequencer.mjs',
};

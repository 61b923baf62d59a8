export default {
  projects: ['<rootDir>/packages/*', '<rootDir>/apps/*', '<rootDir>/test'],
  // A global option: per-project values are ignored. Opening an embedded
  // PGlite takes ~4 s, real services a little less.
  testTimeout: 30000,
  // One worker a core (jest's default leaves one idle): the suites wait on
  // PostgreSQL, Redis and child processes more than they compute.
  maxWorkers: '100%',
  // The second reporter writes $JEST_JSON_FILE for CI's closing line.
  reporters: ['default', '<rootDir>/scripts/jest-json-reporter.cjs'],
};

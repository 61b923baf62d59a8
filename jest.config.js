export default {
  projects: ['<rootDir>/packages/*', '<rootDir>/apps/*', '<rootDir>/test'],
  // A global option: per-project values are ignored. Opening an embedded
  // PGlite takes ~4 s, real services a little less.
  testTimeout: 30000,
  // The second reporter writes $JEST_JSON_FILE for CI's closing line.
  reporters: ['default', '<rootDir>/scripts/jest-json-reporter.cjs'],
};

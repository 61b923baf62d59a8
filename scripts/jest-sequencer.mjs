import { statSync } from 'node:fs';

/**
 * Suites that take tens of seconds, in the order they start. jest's own
 * order without a timing cache (a fresh clone, as CI has) is largest file
 * first, which put the slowest suite, a small file, last: the run then
 * ended on it alone.
 */
export const SLOW_FIRST = [
  'apps/viewer-api/test/corpus-answers.test.ts',
  'apps/enrichment-runner/test/enrich-cli.test.ts',
  'apps/consumer-api/test/catalog-index.test.ts',
  'apps/consumer-api/test/corpus-answers.test.ts',
  'apps/viewer-api/test/jobs-enrichment-process.test.ts',
  'packages/corpus-index/test/same-answers.test.ts',
  'packages/testing/test/chaos-postgres-restart.test.ts',
  'apps/viewer-api/test/jobs.test.ts',
  'apps/consumer-api/test/shared-index-apps.test.ts',
];

function slowRank(path) {
  const rank = SLOW_FIRST.findIndex((suffix) => path.endsWith(suffix));
  return rank === -1 ? SLOW_FIRST.length : rank;
}

function sizeOf(path) {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** The known slow suites first, then the rest largest file first. */
export default class SlowFirstSequencer {
  sort(tests) {
    return [...tests].sort(
      (a, b) => slowRank(a.path) - slowRank(b.path) || sizeOf(b.path) - sizeOf(a.path),
    );
  }

  shard(tests, { shardIndex, shardCount }) {
    return tests.filter((_test, i) => i % shardCount === shardIndex - 1);
  }

  allFailedTests(tests) {
    return tests;
  }

  cacheResults() {}
}

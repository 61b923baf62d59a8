/** The suites that start first, as path suffixes. */
export declare const SLOW_FIRST: readonly string[];

/** jest's test sequencer contract, as far as the tests use it. */
export default class SlowFirstSequencer {
  sort<T extends { path: string }>(tests: readonly T[]): T[];
  shard<T>(tests: readonly T[], options: { shardIndex: number; shardCount: number }): T[];
  allFailedTests<T>(tests: readonly T[]): T[];
  cacheResults(): void;
}

import { describe, expect, it } from '@jest/globals';
import { loadViewerConfig } from '../src/env.js';

const BASE = { CORPUS_DIR: '/tmp/corpus' };

const load = loadViewerConfig;

// The safety-net rescan of the corpus watcher (docs/decisions/corpus.md).
describe('CORPUS_RESCAN_MS', () => {
  it('defaults to five minutes', () => {
    expect(load(BASE).rescanIntervalMs).toBe(300_000);
  });

  it('takes a number of milliseconds', () => {
    expect(load({ ...BASE, CORPUS_RESCAN_MS: '60000' }).rescanIntervalMs).toBe(60_000);
  });

  it.each(['5000', 'soon'])('refuses %s in one line naming the variable', (value) => {
    expect(() => load({ ...BASE, CORPUS_RESCAN_MS: value })).toThrow(/CORPUS_RESCAN_MS/);
  });
});

import { describe, expect, it } from '@jest/globals';
import { safetyRescanPauseMs } from '../src/index.js';

describe('the safety-net rescan while a watcher runs', () => {
  it('waits a minute after a short rescan', () => {
    expect(safetyRescanPauseMs(0)).toBe(60_000);
    expect(safetyRescanPauseMs(450)).toBe(60_000);
  });

  it('waits a hundred times a long rescan, so it takes at most 1 % of the time', () => {
    // About what one rescan of 100,000 episodes takes here.
    expect(safetyRescanPauseMs(7_148)).toBe(714_800);
  });

  it('keeps a configured pause whatever the rescan took', () => {
    expect(safetyRescanPauseMs(7_148, 200)).toBe(200);
  });
});

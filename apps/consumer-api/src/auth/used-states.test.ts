import { describe, expect, it } from '@jest/globals';
import { createUsedStateSet } from './used-states.js';

describe('used login states', () => {
  it('accepts a state once and refuses it the second time', () => {
    const used = createUsedStateSet(10);
    expect(used.consume('s1', 2000, 1000)).toBe('fresh');
    expect(used.consume('s1', 2000, 1500)).toBe('replayed');
    expect(used.consume('s2', 2000, 1500)).toBe('fresh');
  });

  it('forgets expired states to make room when full', () => {
    const used = createUsedStateSet(2);
    used.consume('old', 1500, 1000);
    used.consume('young', 9000, 1000);
    expect(used.consume('next', 9000, 2000)).toBe('fresh');
    expect(used.size).toBe(2);
  });

  it('refuses rather than forgets an unexpired state when full', () => {
    const used = createUsedStateSet(2);
    used.consume('a', 9000, 1000);
    used.consume('b', 9000, 1000);
    expect(used.consume('c', 9000, 2000)).toBe('full');
    expect(used.consume('a', 9000, 2000)).toBe('replayed');
  });
});

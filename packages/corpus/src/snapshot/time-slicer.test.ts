import { describe, expect, it } from '@jest/globals';
import { steppedValue } from './time-slicer.js';

function* counting(steps: number, log: string[]): Generator<void, number> {
  for (let i = 0; i < steps; i++) {
    log.push(`step ${i}`);
    yield;
  }
  return steps;
}

describe('a value built in steps', () => {
  it('is built at once by the first get, and the same value after', () => {
    const log: string[] = [];
    const value = steppedValue(counting(3, log));
    expect(log).toEqual([]);
    expect(value.get()).toBe(3);
    expect(value.get()).toBe(3);
    expect(log).toEqual(['step 0', 'step 1', 'step 2']);
  });

  it('is built in the background between other work, and get then runs no step again', async () => {
    const log: string[] = [];
    const value = steppedValue(counting(3, log));
    value.buildInBackground();
    expect(log).toEqual([]); // nothing runs before the current task ends
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toHaveLength(3);
    expect(value.get()).toBe(3);
    expect(log).toHaveLength(3);
  });

  it('throws its build error from every get', () => {
    function* failing(): Generator<void, number> {
      yield;
      throw new Error('broken');
    }
    const value = steppedValue(failing());
    expect(() => value.get()).toThrow('broken');
    expect(() => value.get()).toThrow('broken');
  });
});

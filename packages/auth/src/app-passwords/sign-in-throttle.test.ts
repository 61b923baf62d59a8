import { describe, expect, it } from '@jest/globals';
import { TooManyRequests } from '@podcast/contracts';
import { SignInThrottle } from './sign-in-throttle.js';

function throttleAt() {
  const clock = { now: 0 };
  return { clock, throttle: new SignInThrottle({ now: () => clock.now }) };
}

/** Runs one attempt; 'refused' when the throttle answers 429. */
function attempt(
  throttle: SignInThrottle,
  username: string,
  address: string,
  outcome: 'passed' | 'failed',
): 'admitted' | 'refused' {
  try {
    throttle.admit(username, address).settle(outcome);
    return 'admitted';
  } catch (err) {
    if (err instanceof TooManyRequests) {
      return 'refused';
    }
    throw err;
  }
}

describe('SignInThrottle with its defaults', () => {
  it('blocks one address on one name after 5 failures, and nobody else', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i += 1) {
      expect(attempt(throttle, 'ann', '192.0.2.1', 'failed')).toBe('admitted');
    }
    expect(attempt(throttle, 'ann', '192.0.2.1', 'passed')).toBe('refused');
    expect(attempt(throttle, 'bob', '192.0.2.1', 'passed')).toBe('admitted');
    expect(attempt(throttle, 'ann', '192.0.2.2', 'passed')).toBe('admitted');
  });

  it('blocks one address guessing across names after 30 failures', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 30; i += 1) {
      expect(attempt(throttle, `name-${Math.floor(i / 5)}`, '192.0.2.1', 'failed')).toBe(
        'admitted',
      );
    }
    expect(attempt(throttle, 'fresh-name', '192.0.2.1', 'passed')).toBe('refused');
    expect(attempt(throttle, 'fresh-name', '192.0.2.9', 'passed')).toBe('admitted');
  });

  it('blocks a name after 20 failures for addresses that failed on it, never for new ones', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 20; i += 1) {
      expect(attempt(throttle, 'ann', `198.51.100.${i}`, 'failed')).toBe('admitted');
    }
    expect(attempt(throttle, 'ann', '198.51.100.3', 'passed')).toBe('refused');
    expect(attempt(throttle, 'ann', '198.51.100.200', 'passed')).toBe('admitted');
  });

  it('does not let a correct sign-in wipe the failures of its address', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 29; i += 1) {
      attempt(throttle, `name-${Math.floor(i / 5)}`, '192.0.2.1', 'failed');
    }
    expect(attempt(throttle, 'own-name', '192.0.2.1', 'passed')).toBe('admitted');
    attempt(throttle, 'other', '192.0.2.1', 'failed');
    expect(attempt(throttle, 'own-name', '192.0.2.1', 'passed')).toBe('refused');
  });

  it('lifts a block once its time has passed', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 5; i += 1) {
      attempt(throttle, 'ann', '192.0.2.1', 'failed');
    }
    expect(attempt(throttle, 'ann', '192.0.2.1', 'passed')).toBe('refused');
    clock.now += 1000;
    expect(attempt(throttle, 'ann', '192.0.2.1', 'passed')).toBe('admitted');
  });
});

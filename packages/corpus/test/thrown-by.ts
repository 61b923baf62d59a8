import { expect } from '@jest/globals';

/** The error `action` throws, checked to be a `type`; fails the test when `action` returns. */
export function thrownBy<E extends Error>(
  action: () => unknown,
  type: abstract new (...args: never[]) => E,
): E {
  try {
    action();
  } catch (err) {
    expect(err).toBeInstanceOf(type);
    return err as E;
  }
  throw new Error('expected the call to throw');
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Compares a secret a caller sent with the expected one without telling
 * them, through timing, how long it is or how much of it matched: both are
 * HMACed under a key made for this call, and the equal-length digests are
 * compared in constant time. `compare` is replaceable only so a test can
 * see that the comparison always happens.
 */
export function safeEqual(
  given: string,
  expected: string,
  compare: (a: Buffer, b: Buffer) => boolean = timingSafeEqual,
): boolean {
  const key = randomBytes(32);
  const digest = (value: string) => createHmac('sha256', key).update(value).digest();
  return compare(digest(given), digest(expected));
}

import { createHash, randomBytes } from 'node:crypto';
import { safeEqual } from '@podcast/runtime';

export type RandomBytes = (size: number) => Buffer;

/** An opaque credential: a readable prefix and 32 random bytes, base64url. */
export function mintSecret(prefix: string, random: RandomBytes = randomBytes): string {
  return `${prefix}${random(32).toString('base64url')}`;
}

/** What is stored instead of a code, token or client secret. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** RFC 7636 §4.1: 43-128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is the base64url SHA-256 of the verifier: 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** RFC 7636 §4.6 with S256, compared in constant time. */
export function pkceS256Matches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) {
    return false;
  }
  return safeEqual(createHash('sha256').update(verifier).digest('base64url'), challenge);
}

import { createHmac } from 'node:crypto';
import { safeEqual } from '@podcast/http-kit';

/**
 * What a signature is for. The purpose is part of the signed text, so a
 * login-state signature can never verify as a session cookie or the reverse.
 */
export type SignaturePurpose = 'session' | 'login-state';

function macOf(secret: string, purpose: SignaturePurpose, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');
}

/** `value.mac` with an HMAC-SHA256 over the purpose and the value. */
export function signValue(secret: string, purpose: SignaturePurpose, value: string): string {
  return `${value}.${macOf(secret, purpose, value)}`;
}

/**
 * The value when the signature matches, else undefined. The MAC is compared
 * as text (in constant time) rather than decoded, because base64url decoding
 * ignores stray characters and would accept altered spellings of it.
 */
export function verifySignedValue(
  secret: string,
  purpose: SignaturePurpose,
  signed: string,
): string | undefined {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) {
    return undefined;
  }
  const value = signed.slice(0, dot);
  return safeEqual(signed.slice(dot + 1), macOf(secret, purpose, value)) ? value : undefined;
}

import { createHmac } from 'node:crypto';
import { safeEqual } from '@podcast/runtime';

/**
 * What a signature is for, e.g. `session`, `login-state`, or a later feature's
 * own label (an unsubscribe link, an MCP token). The purpose is part of the
 * signed text, so a value signed for one purpose never verifies for another.
 * Labels are code constants without a newline (the separator below).
 */
export type SignaturePurpose = string;

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

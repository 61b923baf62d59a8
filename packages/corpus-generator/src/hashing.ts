import { createHash } from 'node:crypto';

export function sha1Hex(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Pipeline-style node ids: a prefix plus 16 hex of a SHA-256 over a stable key (spec 04 §4). */
export function hashedId(prefix: string, key: string): string {
  return `${prefix}:${sha256Hex(key).slice(0, 16)}`;
}

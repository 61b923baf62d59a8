import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * App passwords are kept as scrypt hashes (RFC 7914), in the form
 * `scrypt$N$r$p$salt$hash` with base64url salt and hash, so the cost can
 * rise later without making stored hashes unreadable. N=2^15, r=8 costs
 * 32 MiB and tens of milliseconds of one core; a verified credential is
 * remembered for a while (verified-credentials.ts) so a podcast app that
 * sends Basic on every request does not pay it each time.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const APP_PASSWORD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
/** Above 128 * N * r bytes, which Node's default 32 MiB maxmem would refuse at this N. */
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, { ...cost, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * A hash at `cost` that no password matches (its key is all zeros): checked
 * when a sign-in names no stored password, so a wrong selector or user name
 * costs the same scrypt as a wrong secret and timing tells nothing about
 * which part was wrong.
 */
export function unmatchableHash(cost: ScryptCost): string {
  return formatHash(cost, Buffer.alloc(16), Buffer.alloc(KEY_BYTES));
}

function formatHash(cost: ScryptCost, salt: Buffer, key: Buffer): string {
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function hashAppPassword(
  password: string,
  random: (size: number) => Buffer = randomBytes,
  cost: ScryptCost = APP_PASSWORD_COST,
): Promise<string> {
  const salt = random(16);
  return formatHash(cost, salt, await derive(password, salt, cost));
}

/** Whether `password` is the one `stored` was made from; a malformed hash never matches. */
export async function verifyAppPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    return false;
  }
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (![N, r, p].every(Number.isSafeInteger) || N > 2 ** 20 || expected.length !== KEY_BYTES) {
    return false;
  }
  const key = await derive(password, salt, { N, r, p });
  return timingSafeEqual(key, expected);
}

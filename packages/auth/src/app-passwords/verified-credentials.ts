import { createHash } from 'node:crypto';

/**
 * Credentials that passed the slow hash recently, so a podcast app that
 * sends HTTP Basic on every request pays scrypt once, not each time. Keyed
 * by a SHA-256 of user name and password (the password itself is never
 * kept); an entry only names the app password it matched, and a caller
 * still checks that this password exists, so revoking one takes effect at
 * once. Bounded (least recently used goes first) and built once per
 * process in the app's context.
 */
export interface VerifiedCredentials {
  /** The app password id this pair matched within the last `ttlMs`. */
  get(username: string, password: string, now: Date): string | undefined;
  set(username: string, password: string, appPasswordId: string, now: Date): void;
  stats(): { entries: number; max: number };
}

/** A SHA-256 of user name and password: what stands for a credential in memory. */
export function credentialKeyOf(username: string, password: string): string {
  return createHash('sha256').update(username).update('\u0000').update(password).digest('hex');
}

export function createVerifiedCredentials(
  options: { max?: number; ttlMs?: number } = {},
): VerifiedCredentials {
  const max = options.max ?? 1000;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const entries = new Map<string, { id: string; until: number }>();
  const keyOf = credentialKeyOf;
  return {
    get(username, password, now) {
      const key = keyOf(username, password);
      const hit = entries.get(key);
      if (hit === undefined || hit.until <= now.getTime()) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, hit);
      return hit.id;
    },
    set(username, password, appPasswordId, now) {
      const key = keyOf(username, password);
      entries.delete(key);
      entries.set(key, { id: appPasswordId, until: now.getTime() + ttlMs });
      while (entries.size > max) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    stats: () => ({ entries: entries.size, max }),
  };
}

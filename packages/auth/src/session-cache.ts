import { type ActiveSession, type Listen, SESSION_REVOKED_CHANNEL } from '@podcast/db';
import type { Logger } from 'pino';

export interface SessionCacheOptions {
  /** Longest an entry is trusted without asking the database again. Default 60 s. */
  ttlMs?: number;
  /** Entries kept; the least recently used goes first. Default 10,000. */
  maxEntries?: number;
}

/**
 * Active sessions this instance has looked up, so a signed-in request does
 * not pay a database round trip just to learn who it is. Trusted only while
 * live, i.e. while the instance hears every revocation (LISTEN on
 * SESSION_REVOKED_CHANNEL); not live, it answers nothing and stores nothing.
 */
export interface SessionCache {
  get(id: string, now: Date): ActiveSession | undefined;
  /**
   * Taken before the database lookup and handed to `set`: a revocation
   * heard in between (the lookup may predate it) keeps the answer out.
   */
  stamp(): number;
  set(id: string, active: ActiveSession, now: Date, stamp: number): void;
  evict(id: string): void;
  /** Going not live forgets everything: revocations may have been missed. */
  setLive(isLive: boolean): void;
  readonly isLive: boolean;
}

interface Entry {
  active: ActiveSession;
  untilMs: number;
}

export function createSessionCache(options: SessionCacheOptions = {}): SessionCache {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  let isLive = false;
  let generation = 0;
  return {
    get(id, now) {
      const entry = isLive ? entries.get(id) : undefined;
      if (entry === undefined) {
        return undefined;
      }
      entries.delete(id);
      if (entry.untilMs <= now.getTime()) {
        return undefined;
      }
      entries.set(id, entry);
      return entry.active;
    },
    stamp() {
      return generation;
    },
    set(id, active, now, stamp) {
      if (!isLive || stamp !== generation) {
        return;
      }
      // Never past the session's own expiry.
      const untilMs = Math.min(now.getTime() + ttlMs, Date.parse(active.session.expires_at));
      entries.delete(id);
      entries.set(id, { active, untilMs });
      if (entries.size > maxEntries) {
        entries.delete(entries.keys().next().value as string);
      }
    },
    evict(id) {
      generation++;
      entries.delete(id);
    },
    setLive(next) {
      generation++;
      isLive = next;
      if (!next) {
        entries.clear();
      }
    },
    get isLive() {
      return isLive;
    },
  };
}

/**
 * Keeps `cache` in step with revocations made by any instance: each NOTIFY
 * evicts its session; a broken listening connection turns the cache off
 * until it listens again. Returns the function that stops listening.
 */
export function followRevocations(listen: Listen, cache: SessionCache, logger: Logger) {
  return listen(SESSION_REVOKED_CHANNEL, {
    message: (id) => cache.evict(id),
    live: (isLive) => {
      cache.setLive(isLive);
      logger.info({ live: isLive }, 'session cache follows revocations');
    },
  });
}

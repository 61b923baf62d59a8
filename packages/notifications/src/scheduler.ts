import { CommsRecord, PushSubscription } from '@podcast/contracts';
import {
  addInboxEntries,
  type DbExecutor,
  enqueueEnvelopes,
  listAudiences,
  listPushSubscriptions,
  listRecentPlayback,
  listSchedulingUsers,
  type OutboxInsert,
  tryLockSchedulerTick,
  withTransaction,
} from '@podcast/db';
import { indexContent } from './content-index.js';
import { type ContentNeed, contentNeedOf } from './content-need.js';
import type { ContentEpisode } from './digest-content.js';
import { dueSlotKinds } from './due-slots.js';
import { createLocalClock, type LocalTime } from './local-time.js';
import { type InboxEntry, outboxRowOf, planUser } from './plan.js';

const HOUR = 3_600_000;

/** The in-app inbox keeps this many entries per user; older ones are dropped. */
export const INBOX_BOUND = 100;

/** An episode counts as finished once this share of it has been played. */
export const FINISHED_SHARE = 0.9;

export interface SchedulerDeps {
  db: DbExecutor;
  /**
   * The corpus as the planners see it, read once per tick after the lock is
   * taken: at least the episodes `need` names.
   */
  episodes: (need: ContentNeed) => Promise<readonly ContentEpisode[]>;
}

export interface TickResult {
  /** False when another replica held the lock and ran this tick. */
  ran: boolean;
  at: string;
  users: number;
  planned: number;
  enqueued: number;
  inbox: number;
}

const sameDay = (a: LocalTime, b: LocalTime) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

type Playback = Awaited<ReturnType<typeof listRecentPlayback>>;

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) {
      list.push(row);
    } else {
      groups.set(key(row), [row]);
    }
  }
  return groups;
}

function finishedToday(
  rows: Playback,
  bySlug: ReadonlyMap<string, ContentEpisode>,
  isToday: (at: Date) => boolean,
): ContentEpisode[] {
  return rows.flatMap((row) => {
    const episode = bySlug.get(row.slug);
    const duration = episode?.duration_seconds ?? null;
    const isFinished =
      duration !== null && duration > 0 && row.position_seconds >= duration * FINISHED_SHARE;
    return episode && isFinished && isToday(row.updated_at) ? [episode] : [];
  });
}

/**
 * One hourly tick for the instant `at` (rounded down to its hour): every
 * user's due slots in the user's zone, gated by consent and content,
 * written as outbox envelopes and inbox entries. Runs in one transaction
 * under an advisory lock, so of several replicas one reads the corpus and
 * runs the tick and the others skip it; a re-run of the same hour enqueues nothing new because
 * ids are period-keyed and inserts of an existing id are no-ops.
 */
export async function runSchedulerTick(deps: SchedulerDeps, when: Date): Promise<TickResult> {
  const at = new Date(Math.floor(when.getTime() / HOUR) * HOUR);
  const previousHour = new Date(at.getTime() - HOUR);
  return withTransaction(deps.db, async (trx) => {
    const result: TickResult = {
      ran: false,
      at: at.toISOString(),
      users: 0,
      planned: 0,
      enqueued: 0,
      inbox: 0,
    };
    if (!(await tryLockSchedulerTick(trx))) {
      return result;
    }
    const users = await listSchedulingUsers(trx);
    const audiences = await listAudiences(trx);
    const subscriptions = groupBy(await listPushSubscriptions(trx), (row) => row.user_id);
    const playback = groupBy(
      await listRecentPlayback(trx, new Date(at.getTime() - 48 * HOUR)),
      (row) => row.user_id,
    );
    const clock = createLocalClock();
    const defaults = CommsRecord.parse({});
    const due = users.flatMap((user) => {
      const comms =
        user.record === null
          ? defaults
          : CommsRecord.parse({ ...user.record, unsubscribe_ref: user.unsubscribe_ref });
      const local = clock(at, comms.timezone);
      const previous = clock(previousHour, comms.timezone);
      const audience = audiences.get(user.id) ?? {
        feeds: new Set<string>(),
        interests: new Set<string>(),
      };
      return dueSlotKinds(comms, local, previous).length === 0
        ? []
        : [{ user, comms, local, previous, audience }];
    });
    // Read under the lock (the replicas that skip the tick read nothing of
    // the corpus), and only what the due users' plans can use.
    const need = contentNeedOf(
      at,
      due.map(({ user, audience }) => ({
        audience,
        played: (playback.get(user.id) ?? []).map((row) => row.slug),
      })),
    );
    const index = indexContent(await deps.episodes(need));
    const envelopes: OutboxInsert[] = [];
    const inbox: InboxEntry[] = [];
    for (const { user, comms, local, previous, audience } of due) {
      const plan = planUser(
        {
          id: user.id,
          email: user.email,
          emailVerified: user.email !== null && user.email_verified,
          comms,
          subscriptions: (subscriptions.get(user.id) ?? []).map((row) =>
            PushSubscription.parse(row.subscription),
          ),
          audience,
          finishedToday: finishedToday(playback.get(user.id) ?? [], index.bySlug, (time) =>
            sameDay(clock(time, comms.timezone), local),
          ),
        },
        index,
        { at, local, previous },
      );
      envelopes.push(...plan.envelopes.map(outboxRowOf));
      inbox.push(...plan.inbox);
    }
    result.ran = true;
    result.users = users.length;
    result.planned = envelopes.length;
    result.enqueued = await enqueueEnvelopes(trx, envelopes);
    result.inbox = await addInboxEntries(trx, inbox, at, INBOX_BOUND);
    return result;
  });
}

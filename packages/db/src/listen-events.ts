import type { DailyCount, EpisodeStats, UserStats } from '@podcast/contracts';
import { type RawBuilder, sql } from 'kysely';
import { dayStreak } from './day-streak.js';
import { type DbExecutor, lockUser, withTransaction } from './executor.js';

/** Spec 01 "Episode stats" without `insights`, which comes from the corpus, not the database. */
export type EpisodeListenStats = Omit<EpisodeStats, 'insights'>;

/** Days in the sparkline, today included. */
const SPARKLINE_DAYS = 14;

/**
 * Records one episode-opened event (POST /api/app/listen/{slug}) at `at`.
 * With `windowMs`, an open of the same episode by the same user within that
 * distance of `at` already counts: nothing is written and false comes back.
 */
export async function appendListenEvent(
  db: DbExecutor,
  userId: string,
  slug: string,
  feedId: string | null,
  at: Date,
  windowMs = 0,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    if (windowMs > 0) {
      // Under the user-row lock, so two racing opens cannot both find the window empty.
      await lockUser(trx, userId);
      const near = await trx
        .selectFrom('listen_events')
        .select('slug')
        .where('user_id', '=', userId)
        .where('slug', '=', slug)
        .where('occurred_at', '>', new Date(at.getTime() - windowMs))
        .where('occurred_at', '<', new Date(at.getTime() + windowMs))
        .limit(1)
        .executeTakeFirst();
      if (near !== undefined) {
        return false;
      }
    }
    await trx
      .insertInto('listen_events')
      .values({ user_id: userId, slug, feed_id: feedId, occurred_at: at })
      .execute();
    return true;
  });
}

/**
 * Opens per calendar day in `timeZone` for the 14 days ending on the day that
 * contains `now`, oldest first, days without events included as 0.
 */
async function dailyOpens(
  db: DbExecutor,
  match: RawBuilder<unknown>,
  now: Date,
  timeZone: string,
): Promise<DailyCount[]> {
  // The 15-day lower bound is a superset of any 14 local days (offsets stay
  // under a day) and lets the (user_id, occurred_at) index narrow the scan.
  const { rows } = await sql<DailyCount>`
    with today as (select (${now}::timestamptz at time zone ${timeZone})::date as day),
    days as (
      select today.day - back as day
      from today, generate_series(0, ${SPARKLINE_DAYS - 1}::int) as back
    )
    select to_char(days.day, 'YYYY-MM-DD') as date, count(e.id) as count
    from days
    left join listen_events e
      on ${match}
      and e.occurred_at <= ${now}::timestamptz
      and e.occurred_at > ${now}::timestamptz - interval '15 days'
      and (e.occurred_at at time zone ${timeZone})::date = days.day
    group by days.day
    order by days.day`.execute(db);
  return rows.map((row) => ({ date: row.date, count: Number(row.count) }));
}

async function activeDays(db: DbExecutor, userId: string, now: Date, timeZone: string) {
  const { rows } = await sql<{ day: string }>`
    select distinct to_char((occurred_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day
    from listen_events
    where user_id = ${userId} and occurred_at <= ${now}::timestamptz`.execute(db);
  return rows.map((row) => row.day);
}

async function listeningSeconds(db: DbExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('playback_positions')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>('position_seconds'), sql<number>`0`).as('total'),
    )
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The user's stats as of `now`, with days cut in `timeZone` (an IANA name).
 * listening_seconds is the sum of saved playback positions, rounded to a whole
 * second; events after `now` are ignored.
 */
export async function userStats(
  db: DbExecutor,
  userId: string,
  now: Date,
  timeZone = 'UTC',
): Promise<UserStats> {
  const [totals, seconds, days, daily] = await Promise.all([
    db
      .selectFrom('listen_events')
      .select((eb) => [
        eb.fn.count<number>('slug').distinct().as('episodes'),
        eb.fn.count<number>('feed_id').distinct().as('shows'),
      ])
      .where('user_id', '=', userId)
      .where('occurred_at', '<=', now)
      .executeTakeFirstOrThrow(),
    listeningSeconds(db, userId),
    activeDays(db, userId, now, timeZone),
    dailyOpens(db, sql`e.user_id = ${userId}`, now, timeZone),
  ]);
  const today = daily[daily.length - 1]?.date ?? '';
  return {
    episodes: Number(totals.episodes),
    shows: Number(totals.shows),
    listening_seconds: Math.round(seconds),
    active_days: days.length,
    day_streak: dayStreak(days, today),
    daily,
  };
}

/** Aggregate listening of one episode across all users as of `now` (UTC days); never identities. */
export async function episodeStats(
  db: DbExecutor,
  slug: string,
  now: Date,
): Promise<EpisodeListenStats> {
  const [totals, daily] = await Promise.all([
    db
      .selectFrom('listen_events')
      .select((eb) => [
        eb.fn.count<number>('user_id').distinct().as('listeners'),
        eb.fn.countAll<number>().as('opens'),
      ])
      .where('slug', '=', slug)
      .where('occurred_at', '<=', now)
      .executeTakeFirstOrThrow(),
    dailyOpens(db, sql`e.slug = ${slug}`, now, 'UTC'),
  ]);
  return { slug, listeners: Number(totals.listeners), opens: Number(totals.opens), daily };
}

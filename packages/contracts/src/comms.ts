import { z } from './zod.js';

/**
 * The per-user consent record (spec 02, "Consent (comms) record"). Every field
 * has a default, so `CommsRecord.parse({})` is the record of a user who never
 * saved one: email and push off (opt-in), in_app on.
 */

export const NotificationType = z
  .enum(['digest', 'daily_recap', 'new_episodes', 'product'])
  .openapi('NotificationType');
export type NotificationType = z.infer<typeof NotificationType>;

export const ConsentChannel = z.enum(['email', 'push', 'in_app']).openapi('ConsentChannel');
export type ConsentChannel = z.infer<typeof ConsentChannel>;

const ChannelCells = z
  .object({
    email: z.boolean().default(false),
    push: z.boolean().default(false),
    in_app: z.boolean().default(true),
  })
  .prefault({})
  .openapi('ConsentChannels');

const Hour = z
  .number()
  .int()
  .min(0)
  .max(23)
  .openapi({ description: "Hour of the user's local day, 0-23" });

export const DigestSchedule = z
  .object({
    cadence: z.enum(['weekly', 'daily']).default('weekly'),
    day_of_week: z
      .number()
      .int()
      .min(0)
      .max(6)
      .default(0)
      .openapi({ description: '0 = Sunday … 6 = Saturday; used by the weekly cadence' }),
    hour: Hour.default(8),
    paused: z.boolean().default(false),
  })
  .prefault({})
  .openapi('DigestSchedule');

export const DailyRecapSchedule = z
  .object({ hour: Hour.default(20), paused: z.boolean().default(false) })
  .prefault({})
  .openapi('DailyRecapSchedule');

/**
 * Quiet hours (beyond spec 02): push is never due from start_hour up to
 * end_hour in the user's zone. start > end wraps past midnight (22 → 7).
 */
export const QuietHours = z
  .object({ start_hour: Hour, end_hour: Hour })
  .refine((window) => window.start_hour !== window.end_hour, {
    path: ['end_hour'],
    message: 'must differ from start_hour (an empty or all-day window is not a window)',
  })
  .openapi('QuietHours');
export type QuietHours = z.infer<typeof QuietHours>;

function isTimeZone(zone: string): boolean {
  if (zone === '') {
    return true;
  }
  // Intl also takes offsets like "+01:00"; the spec asks for IANA names only.
  if (!/^[A-Za-z]/.test(zone)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, 'expected an IANA time zone such as Europe/Berlin, or empty for UTC')
  .openapi({ description: 'IANA zone; empty means UTC', example: 'Europe/Berlin' });

export const CommsRecord = z
  .object({
    types: z
      .object({
        digest: ChannelCells,
        daily_recap: ChannelCells,
        new_episodes: ChannelCells,
        product: ChannelCells,
      })
      .prefault({})
      .openapi({ description: 'Consent per notification type and channel' }),
    digest_schedule: DigestSchedule,
    daily_recap_schedule: DailyRecapSchedule,
    timezone: TimeZone.default(''),
    quiet_hours: QuietHours.nullable().default(null).openapi({
      description: 'Optional local window without push; null means none',
    }),
    unsubscribe_ref: z.string().min(1).optional().openapi({
      description: 'Minted by the server on first save; ignored when a client sends it',
    }),
  })
  .openapi('CommsRecord', {
    description: 'Notification consent; missing cells take their defaults',
  });
export type CommsRecord = z.infer<typeof CommsRecord>;
/** What a client may send: any subset, the rest defaults. */
export type CommsRecordInput = z.input<typeof CommsRecord>;

/**
 * The consent gate checked wherever an envelope or inbox entry is produced.
 * A user without a record gets the defaults. Pauses, email verification and
 * subscriptions are separate conditions checked by the caller.
 */
export function channelEnabled(
  comms: CommsRecord | undefined,
  type: NotificationType,
  channel: ConsentChannel,
): boolean {
  const record = comms ?? CommsRecord.parse({});
  return record.types[type][channel];
}
